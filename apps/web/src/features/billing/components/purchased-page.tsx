import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { PurchaseContentRequest } from '@playz/api-contract';
import { PlayIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { usePurchasedItem } from '../api/use-purchased-item';

interface PurchaseLike {
  purchaseContent: PurchaseContentRequest & { ticketNumber: string };
}

/**
 * The ticket of the newest purchase of this item among the customer's purchases (spec 3 §3
 * PurchaseContent.ticketNumber). Typed on the shape alone: a customer without purchases has none.
 */
export function ticketNumberOf(
  customer: { purchases?: readonly PurchaseLike[] },
  kind: PurchaseContentRequest['contentType'],
  id: number,
): string | null {
  const purchase = (customer.purchases ?? []).find(
    (p) => p.purchaseContent.contentType === kind && p.purchaseContent.contentTypeID === id,
  );
  return purchase?.purchaseContent.ticketNumber ?? null;
}

/**
 * The purchased page of a content, list or live event (spec 3 §4 step 3 "path from content
 * type, id, then purchased"; decision 028): the purchase confirmed, what was bought and a button
 * that plays it.
 */
export function PurchasedPage({
  kind,
  id,
  ticketNumber,
}: {
  kind: PurchaseContentRequest['contentType'];
  id: number;
  ticketNumber: string | null;
}) {
  const { t } = useTranslation();
  const purchased = usePurchasedItem(kind, id);
  const item = purchased.data;
  return (
    <div className="payment-page">
      <section className="payment-card payment-card--status" aria-labelledby="purchased-title">
        <span className="payment-status" aria-hidden="true">
          ✓
        </span>
        <h1 className="payment-card__title" id="purchased-title">
          {t('billing.purchasedTitle')}
        </h1>
        <p className="payment-card__intro" role="status">
          {t('billing.purchasedText')}
        </p>
        {purchased.isPending ? <Spinner size={32} label={t('common.loading')} /> : null}
        {item ? (
          <figure className="purchased-item">
            {item.image ? <img src={item.image} alt="" className="purchased-item__image" /> : null}
            <figcaption>
              <span className="purchased-item__label">{t('billing.purchasedLabel')}</span>
              <span className="purchased-item__title">{item.title}</span>
              {ticketNumber ? (
                <span className="purchased-item__ticket">
                  {t('billing.ticket')} <strong>{ticketNumber}</strong>
                </span>
              ) : null}
            </figcaption>
          </figure>
        ) : null}
        {item ? (
          <Link to={item.playPath} className="button button--primary button--large button--block">
            <PlayIcon size={20} aria-hidden="true" />
            <span>{t('billing.play')}</span>
          </Link>
        ) : null}
        {purchased.isError ? <p className="notice">{t('errors.generic')}</p> : null}
        <Link to="/" className="payment-card__back">
          {t('billing.backHome')}
        </Link>
      </section>
    </div>
  );
}
