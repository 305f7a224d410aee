import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { InAppPurchase } from '@playz/api-contract';
import { formatPrice } from '@playz/domain';
import { CheckIcon } from '@/components/icons';

/** A free first period of up to 7 days is "the first week", longer is "the first month" (spec 1 §1). */
function freeTrialKey(offer: InAppPurchase): 'landing.freeTrialWeek' | 'landing.freeTrial' | null {
  if (offer.freeTrial <= 0 && offer.freeTrialDays <= 0) return null;
  return offer.freeTrialDays > 0 && offer.freeTrialDays <= 7 ? 'landing.freeTrialWeek' : 'landing.freeTrial';
}

export function OfferCard({
  offer,
  href,
  featured = false,
}: {
  offer: InAppPurchase;
  href: string;
  featured?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const price = formatPrice(offer.price, offer.currency, i18n.language);
  const weekly = offer.durationUnit === 'Week';
  const trialKey = freeTrialKey(offer);
  return (
    <article className={`offer${featured ? ' offer--featured' : ''}`} aria-labelledby={`offer-${offer.productPriceID}`}>
      {offer.hasPromo && offer.promoText ? <span className="offer__badge">{offer.promoText}</span> : null}
      <p className="offer__period">{t(weekly ? 'landing.weekly' : 'landing.monthly')}</p>
      <h3 className="offer__name" id={`offer-${offer.productPriceID}`}>
        {offer.name}
      </h3>
      {trialKey ? (
        <>
          <p className="offer__trial">{t(trialKey)}</p>
          <p className="offer__then">
            {t(weekly ? 'landing.thenPricePerWeek' : 'landing.thenPricePerMonth', { price })}
          </p>
        </>
      ) : (
        <p className="offer__price">{t(weekly ? 'landing.pricePerWeek' : 'landing.pricePerMonth', { price })}</p>
      )}
      {offer.description ? (
        <ul className="offer__features">
          <li>
            <CheckIcon size={18} />
            <span>{offer.description}</span>
          </li>
          <li>
            <CheckIcon size={18} />
            <span>{t('landing.noCommitment')}</span>
          </li>
        </ul>
      ) : null}
      <Link className={`button ${featured ? 'button--primary' : 'button--light'} button--block`} to={href}>
        {t('landing.subscribe')}
      </Link>
    </article>
  );
}
