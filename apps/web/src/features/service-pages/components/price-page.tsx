import { useTranslation } from '@/lib/use-translation';
import type { InAppPurchase } from '@playz/api-contract';
import { formatPrice } from '@playz/domain';
import { InfoPage } from './info-page';

/**
 * The free first period (spec 3 §3, §1): freeTrial 1 means a trial, of one week or one month —
 * a week when freeTrialDays is 7 or less, else a month; without days, the offer's own period.
 */
export function freeTrialPeriod(offer: InAppPurchase): 'week' | 'month' | null {
  if (offer.freeTrial !== 1) return null;
  if (offer.freeTrialDays > 0) return offer.freeTrialDays <= 7 ? 'week' : 'month';
  return offer.durationUnit === 'Week' ? 'week' : 'month';
}

/** /service/infos/price (spec 1 §2): each subscription offer with its price and free-period rule. */
export function PricePage({ offers }: { offers: InAppPurchase[] }) {
  const { t, i18n } = useTranslation();
  const subscriptions = offers.filter((offer) => offer.type === 'Subscription');
  return (
    <InfoPage title={t('service.price.title')}>
      <p className="info-page__intro">{t('service.price.intro')}</p>
      {subscriptions.length === 0 ? <p>{t('service.price.none')}</p> : null}
      <ul className="price-list">
        {subscriptions.map((offer) => {
          const price = formatPrice(offer.price, offer.currency, i18n.language);
          const isWeekly = offer.durationUnit === 'Week';
          const trial = freeTrialPeriod(offer);
          const perPeriod = t(isWeekly ? 'service.price.perWeek' : 'service.price.perMonth', { price });
          return (
            <li key={offer.productPriceID} className="price-item">
              <h2 className="price-item__name">{offer.name}</h2>
              <p className="price-item__description">{offer.description}</p>
              <p className="price-item__price">{perPeriod}</p>
              <p className="price-item__rule">
                {trial === 'week'
                  ? t('service.price.trialWeek', { price: perPeriod })
                  : trial === 'month'
                    ? t('service.price.trialMonth', { price: perPeriod })
                    : t('service.price.noTrial')}
              </p>
            </li>
          );
        })}
      </ul>
    </InfoPage>
  );
}
