import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { InAppPurchase, PurchaseContentRequest } from '@playz/api-contract';
import { formatPrice } from '@playz/domain';
import { useAppData } from '@playz/queries';
import { offersPath } from '@/lib/catalogue-links';
import { freeTrialKind } from '../api/billing-offer';
import { usePurchasedItem } from '../api/use-purchased-item';
import { ShieldIcon } from './billing-icons';

/** The price text of an offer (spec 3 §2 msisdn): the free first period, then the price per period. */
export function usePriceText(offer: InAppPurchase): string {
  const { t, i18n } = useTranslation();
  const price = formatPrice(offer.price, offer.currency, i18n.language);
  // A purchase is paid once: its price and how long it opens the item, no period (the
  // one-time line under it says the rest).
  if (offer.type === 'Purchase')
    return offer.purchaseHours ? t('billing.purchasePriceHours', { price, hours: offer.purchaseHours }) : price;
  const perPeriod = t(offer.durationUnit === 'Week' ? 'billing.perWeek' : 'billing.perMonth', { price });
  const trial = freeTrialKind(offer);
  if (!trial) return perPeriod;
  return t('billing.priceWithTrial', {
    trial: t(trial === 'week' ? 'landing.freeTrialWeek' : 'landing.freeTrial'),
    price: perPeriod,
  });
}

/** The item a purchase buys, read from the catalogue: its picture and title beside the offer. */
function PurchasedItemLine({ content }: { content: PurchaseContentRequest }) {
  const { t } = useTranslation();
  const item = usePurchasedItem(content.contentType, content.contentTypeID).data;
  if (!item) return <span className="payment-offer__item payment-offer__item--loading skeleton" aria-hidden="true" />;
  return (
    <p className="payment-offer__item">
      {item.image ? <img src={item.image} alt="" className="payment-offer__item-image" /> : null}
      <span>
        <span className="payment-offer__item-label">{t('billing.purchaseFor')}</span>
        <span className="payment-offer__item-title">{item.title}</span>
      </span>
    </p>
  );
}

/**
 * The offer being paid: its name, price text and the no-commitment line; for a purchase, the item
 * it buys and the one-time payment line instead.
 */
export function OfferSummary({
  offer,
  purchaseContent = null,
}: {
  offer: InAppPurchase;
  purchaseContent?: PurchaseContentRequest | null;
}) {
  const { t } = useTranslation();
  const isPurchase = offer.type === 'Purchase';
  return (
    <div className="payment-offer">
      <p className="payment-offer__label">{t(isPurchase ? 'billing.yourPurchase' : 'billing.yourOffer')}</p>
      <p className="payment-offer__name">{offer.name}</p>
      <p className="payment-offer__price">{usePriceText(offer)}</p>
      {isPurchase && purchaseContent ? <PurchasedItemLine content={purchaseContent} /> : null}
      <p className="payment-offer__note">
        <ShieldIcon size={16} aria-hidden="true" />
        <span>{t(isPurchase ? 'billing.oneTimePayment' : 'billing.noCommitment')}</span>
      </p>
    </div>
  );
}

/**
 * The demo mode's payments go to local stand-ins (decision 047): every payment screen says so, so
 * nobody takes a demonstration for a real shop.
 */
function DemoPaymentNotice() {
  const { t } = useTranslation();
  if (!useAppData().data?.App.demoPayments) return null;
  return (
    <div className="notice notice--demo" role="note">
      <strong>{t('billing.demoPaymentTitle')}</strong> {t('billing.demoPaymentText')}
    </div>
  );
}

/**
 * The frame of every payment screen: a dark stage with a card in the middle, the offer summary at
 * its top, then the screen's title and content. One column on a phone, the same card on desktop.
 */
export function PaymentCard({
  title,
  intro,
  offer,
  children,
  wide = false,
  purchaseContent = null,
}: {
  title: ReactNode;
  intro?: ReactNode;
  offer: InAppPurchase | null;
  children: ReactNode;
  wide?: boolean;
  purchaseContent?: PurchaseContentRequest | null;
}) {
  const titleId = useId();
  return (
    <div className="payment-page">
      <section className={`payment-card${wide ? ' payment-card--wide' : ''}`} aria-labelledby={titleId}>
        <DemoPaymentNotice />
        {offer ? <OfferSummary offer={offer} purchaseContent={purchaseContent} /> : null}
        <div className="payment-card__head">
          <h1 className="payment-card__title" id={titleId}>
            {title}
          </h1>
          {intro ? <p className="payment-card__intro">{intro}</p> : null}
        </div>
        {children}
      </section>
    </div>
  );
}

/** What a payment screen shows when its offer is unknown: no payment can start from it. */
export function UnknownOffer({ requestedUrl }: { requestedUrl: string | null }) {
  const { t } = useTranslation();
  const offers = requestedUrl ? offersPath(requestedUrl) : '/service/inter';
  return (
    <PaymentCard title={t('billing.unknownOffer')} offer={null}>
      <Link to={offers} className="button button--primary button--block">
        {t('billing.backToOffers')}
      </Link>
    </PaymentCard>
  );
}

/** Terms and privacy, accepted by continuing (spec 3 §2 cb-choice, msisdn). */
export function PaymentTerms() {
  const { t } = useTranslation();
  return (
    <p className="payment-card__legal">
      {t('billing.termsPrefix')} <Link to="/service/infos/terms">{t('billing.terms')}</Link> {t('billing.and')}{' '}
      <Link to="/service/infos/privacy">{t('billing.privacy')}</Link>.
    </p>
  );
}
