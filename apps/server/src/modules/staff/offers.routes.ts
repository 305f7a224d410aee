import { adminEndpoints, type AdminOffer } from '@playz/api-contract/admin';
import type { AdminRoute } from './admin-route';

/** Offer rows as the service module reads them (its front door), in the columns the console shows. */
export interface OfferRowForConsole {
  id: number;
  product_id: number;
  product: string;
  name: string;
  type: string;
  billing_type: string;
  price_cents: number;
  currency: string;
  duration_unit: string;
  duration_count: number;
  free_trial_days: number;
  promo_price_cents: number | null;
  promo_start_date: string | null;
  promo_end_date: string | null;
  promo_duration_days: number | null;
  sku: string | null;
  purchase_hours: number | null;
}

const toAdminOffer = (row: OfferRowForConsole): AdminOffer => ({
  id: row.id,
  productId: row.product_id,
  product: row.product,
  name: row.name,
  type: row.type,
  billingType: row.billing_type,
  priceCents: row.price_cents,
  currency: row.currency,
  durationUnit: row.duration_unit,
  durationCount: row.duration_count,
  freeTrialDays: row.free_trial_days,
  promo:
    row.promo_price_cents === null
      ? null
      : {
          priceCents: row.promo_price_cents,
          startDate: row.promo_start_date,
          endDate: row.promo_end_date,
          durationDays: row.promo_duration_days,
        },
  sku: row.sku,
  purchaseHours: row.purchase_hours,
});

/** Offers in the console (decision 090): read only for now, in the order the apps show them. */
export function registerOfferRoutes(route: AdminRoute, deps: { offers: () => Promise<OfferRowForConsole[]> }) {
  route(adminEndpoints.listOffers, async () => ({ offers: (await deps.offers()).map(toAdminOffer) }));
}
