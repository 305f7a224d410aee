import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';

/** An offer (a product's price, spec 3) as the console shows it (decision 090). */
const AdminOfferSchema = z.object({
  /** The productPriceID. */
  id: z.number().int(),
  productId: z.number().int(),
  product: z.string(),
  name: z.string(),
  type: z.string(),
  billingType: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  durationUnit: z.string(),
  durationCount: z.number().int(),
  freeTrialDays: z.number().int(),
  promo: z
    .object({
      priceCents: z.number().int(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
      durationDays: z.number().int().nullable(),
    })
    .nullable(),
  sku: z.string().nullable(),
  /** Hours a purchase gives (one-time products); null for subscriptions. */
  purchaseHours: z.number().int().nullable(),
});
export type AdminOffer = z.infer<typeof AdminOfferSchema>;

export const listOffers = defineAdminEndpoint({
  method: 'GET',
  path: '/offers',
  access: 'staff',
  roles: ['finance'],
  summary: 'Every offer by product: its price, term, free trial, promo price and store SKU',
  response: z.object({ offers: z.array(AdminOfferSchema) }),
});
