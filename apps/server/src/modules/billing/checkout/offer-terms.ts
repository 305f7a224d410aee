import type { Selectable } from 'kysely';
import type { OfferTerms } from '@playz/domain';
import type { OfferTable } from '../../../db/schema';

/** An offer's row as the domain's term and price rules read it (spec 3 §1 offers). */
export function offerTerms(offer: Selectable<OfferTable>): OfferTerms {
  return {
    priceCents: offer.price_cents,
    durationUnit: offer.duration_unit === 'Week' ? 'Week' : 'Month',
    durationCount: offer.duration_count,
    freeTrialDays: offer.free_trial_days,
    promoPriceCents: offer.promo_price_cents,
    promoStartDate: offer.promo_start_date,
    promoEndDate: offer.promo_end_date,
    promoDurationDays: offer.promo_duration_days,
  };
}
