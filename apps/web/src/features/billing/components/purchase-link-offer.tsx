import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { InAppPurchase } from '@playz/api-contract';
import { formatPrice } from '@playz/domain';
import { purchaseLabelKey } from '@playz/i18n';
import { CheckIcon } from '@/components/icons';

/**
 * What a purchase link buys for the TV (decision 040): the item's name, the offer's terms and one
 * button into the card / PayPal choice, instead of the subscription offers.
 */
export function PurchaseLinkOffer({
  offer,
  label,
  kind,
  href,
}: {
  offer: InAppPurchase;
  label: string;
  kind: 'rent' | 'pass';
  href: string;
}) {
  const { t, i18n } = useTranslation();
  const price = formatPrice(offer.price, offer.currency, i18n.language);
  const hours = offer.purchaseHours ?? null;
  return (
    <article className="offer offer--featured" aria-labelledby="purchase-link-item">
      <p className="offer__period">{offer.name}</p>
      <h3 className="offer__name" id="purchase-link-item">
        {label}
      </h3>
      <p className="offer__price">{price}</p>
      <ul className="offer__features">
        {offer.description ? (
          <li>
            <CheckIcon size={18} />
            <span>{offer.description}</span>
          </li>
        ) : null}
        <li>
          <CheckIcon size={18} />
          <span>{t('billing.oneTimePayment')}</span>
        </li>
      </ul>
      <Link className="button button--primary button--block" to={href}>
        {t(purchaseLabelKey(kind, hours), { price, hours })}
      </Link>
    </article>
  );
}
