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
 * Adds the purchase offers an older demo database lacks. Only a demo database (its monthly offer
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
    .values(DEMO_PURCHASE_OFFERS)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
