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
  /** When it was taken off sale (decision 099): no app lists it, its subscribers keep renewing on it. */
  hiddenAt: z.string().nullable(),
  /** The offer that replaced it (decision 099), if one did. */
  replacedBy: z.number().int().nullable(),
});
export type AdminOffer = z.infer<typeof AdminOfferSchema>;

export const listOffers = defineAdminEndpoint({
  method: 'GET',
  path: '/offers',
  access: 'staff',
  roles: ['finance'],
  summary: 'Every offer by product, on sale or not: its price, term, free trial, promo price and store SKU',
  response: z.object({ offers: z.array(AdminOfferSchema) }),
});

const offerId = z.object({ id: z.coerce.number().int().positive() });
const isoDate = z.iso.datetime({ offset: true });

/**
 * New terms for new subscribers (decision 099): a new offer row of the same product and payment
 * type in the replaced one's place; the replaced one is hidden, its subscribers renew at its terms.
 */
export const replaceOffer = defineAdminEndpoint({
  method: 'POST',
  path: '/offers/:id/replace',
  access: 'staff',
  roles: ['finance'],
  summary: 'Sells new terms to new subscribers as a new offer; the old one is hidden, its subscribers keep their terms',
  params: offerId,
  body: z
    .object({
      name: z.string().trim().min(1).max(100).optional(),
      priceCents: z.number().int().min(0).max(1_000_000),
      durationUnit: z.enum(['Month', 'Week']),
      durationCount: z.number().int().min(1).max(24),
      freeTrialDays: z.number().int().min(0).max(365),
      promo: z
        .object({
          priceCents: z.number().int().min(0).max(1_000_000),
          startDate: isoDate.nullable(),
          endDate: isoDate.nullable(),
          durationDays: z.number().int().min(1).max(365).nullable(),
          text: z.string().trim().max(200).nullable(),
        })
        .refine((p) => p.startDate === null || p.endDate === null || p.startDate < p.endDate)
        .nullable(),
      sku: z.string().trim().min(1).max(200).nullable(),
    })
    // A promotional price is a lower price.
    .refine((b) => b.promo === null || b.promo.priceCents < b.priceCents),
  response: z.object({ offer: AdminOfferSchema, replaced: AdminOfferSchema }),
});

export const hideOffer = defineAdminEndpoint({
  method: 'POST',
  path: '/offers/:id/hide',
  access: 'staff',
  roles: ['finance'],
  summary: 'Takes an offer off sale: no app lists it, its subscribers keep renewing on it',
  params: offerId,
  response: z.object({ offer: AdminOfferSchema, repeated: z.boolean() }),
});

export const showOffer = defineAdminEndpoint({
  method: 'POST',
  path: '/offers/:id/show',
  access: 'staff',
  roles: ['finance'],
  summary: 'Puts a hidden offer back on sale (not one another offer replaced)',
  params: offerId,
  response: z.object({ offer: AdminOfferSchema, repeated: z.boolean() }),
});
