import type { Insertable, Kysely } from 'kysely';
import type { Database, OfferTable } from '../schema';

/**
 * Single purchases sold beside the subscriptions (spec 3 §3 products ContentPurchase and
 * LivePurchase; decision 025): a film rented for 48 hours, a pass for one live event. A purchase
 * has no renewal: its duration is `purchase_hours` (null: as long as the item is there).
 */
export const DEMO_PURCHASE_OFFERS: Insertable<OfferTable>[] = [
  {
    id: 21,
    product_id: 10,
    product: 'ContentPurchase',
    type: 'Purchase',
    billing_type: 'CreditCard',
    name: 'Location 48 h',
    description: 'Ce film, pendant 48 heures',
    price_cents: 299,
    currency: 'EUR',
    duration_unit: 'Week',
    duration_count: 0,
    free_trial_days: 0,
    position: 10,
    promo_price_cents: null,
    promo_start_date: null,
    promo_end_date: null,
    promo_duration_days: null,
    promo_text: null,
    sku: 'playz_rental_48h',
    purchase_hours: 48,
  },
  {
    id: 22,
    product_id: 11,
    product: 'LivePurchase',
    type: 'Purchase',
    billing_type: 'CreditCard',
    name: 'Pass événement',
    description: "L'événement en direct et son replay",
    price_cents: 499,
    currency: 'EUR',
    duration_unit: 'Week',
    duration_count: 0,
    free_trial_days: 0,
    position: 11,
    promo_price_cents: null,
    promo_start_date: null,
    promo_end_date: null,
    promo_duration_days: null,
    promo_text: null,
    sku: 'playz_event_pass',
    purchase_hours: null,
  },
];

/**
 * The on-demand products of spec 3 §3 (Video: series and films; VideoComedy: the comedy shows),
 * sold beside the whole service; the comedy one shows a promo price with its dates (decision 025).
 */
export const DEMO_VIDEO_OFFERS: Insertable<OfferTable>[] = [
  {
    id: 14,
    product_id: 3,
    product: 'Video',
    type: 'Subscription',
    billing_type: 'CreditCard',
    name: 'Playz Séries & Films',
    description: 'Les séries et les films à la demande',
    price_cents: 499,
    currency: 'EUR',
    duration_unit: 'Month',
    duration_count: 1,
    free_trial_days: 7,
    position: 4,
    sku: 'playz_video_monthly',
  },
  {
    id: 15,
    product_id: 4,
    product: 'VideoComedy',
    type: 'Subscription',
    billing_type: 'Wap2',
    name: 'Playz Comédie',
    description: 'Les sketches et spectacles à la semaine',
    price_cents: 149,
    currency: 'EUR',
    duration_unit: 'Week',
    duration_count: 1,
    free_trial_days: 0,
    position: 5,
    // 0.99 € a week for the first 4 weeks of subscriptions started until the end of the year.
    promo_price_cents: 99,
    promo_start_date: '2026-11-01T00:00:00.000Z',
    promo_end_date: '2027-01-01T00:00:00.000Z',
    promo_duration_days: 28,
    promo_text: '0,99 € la semaine pendant 4 semaines',
    sku: 'playz_comedy_weekly',
  },
];

/**
 * Adds the video and purchase offers an older demo database lacks. Only a demo database (its monthly offer
 * is there): an operator's own catalogue of offers is never added to.
 */
export async function ensureDemoPurchaseOffers(db: Kysely<Database>): Promise<void> {
  const demo = await db
    .selectFrom('offers')
    .select('id')
    .where('id', '=', 11)
    .where('name', '=', 'Playz Mensuel')
    .executeTakeFirst();
  if (!demo) return;
  await db
    .insertInto('offers')
    .values([...DEMO_VIDEO_OFFERS, ...DEMO_PURCHASE_OFFERS])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
