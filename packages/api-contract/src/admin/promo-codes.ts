import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';
import { keysetQuery, NextCursorSchema } from './keyset-page';

/**
 * Promo codes in the console (decision 090): editors run the campaigns and finance watches what
 * they give away, so both (and admin) list, create and disable them; support does not.
 */
const PROMO_CODE_ROLES = ['editor', 'finance'] as const;

const PromoCodeSchema = z.object({
  code: z.string(),
  /** What it opens: the whole service for the campaign's free days (spec 1 §2, decision 019). */
  campaign: z.object({
    id: z.number().int(),
    name: z.string(),
    days: z.number().int().nullable(),
    endsAt: z.string().nullable(),
  }),
  /** null: no cap. */
  maxRedemptions: z.number().int().nullable(),
  redeemed: z.number().int(),
  expiresAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  state: z.enum(['live', 'expired', 'capped', 'disabled']),
});
export type AdminPromoCode = z.infer<typeof PromoCodeSchema>;

const RedeemerSchema = z.object({
  customerId: z.number().int(),
  login: z.string().nullable(),
  name: z.string(),
  redeemedAt: z.string().nullable(),
  deleted: z.boolean(),
});
export type AdminPromoCodeRedeemer = z.infer<typeof RedeemerSchema>;

const codeParam = z.object({ code: z.string().trim().min(1).max(64) });

export const listPromoCodes = defineAdminEndpoint({
  method: 'GET',
  path: '/promo-codes',
  access: 'staff',
  roles: PROMO_CODE_ROLES,
  summary:
    'The promo codes, newest first, a page at a time (decision 110), with what each opens, its cap, expiry, state and how many accounts redeemed it',
  query: z.object(keysetQuery(50)),
  response: z.object({ promoCodes: z.array(PromoCodeSchema), next: NextCursorSchema }),
});

export const getPromoCode = defineAdminEndpoint({
  method: 'GET',
  path: '/promo-codes/:code',
  access: 'staff',
  roles: PROMO_CODE_ROLES,
  summary: 'One promo code and the accounts that redeemed it (the latest hundred)',
  params: codeParam,
  response: z.object({ promoCode: PromoCodeSchema, redeemers: z.array(RedeemerSchema) }),
});

export const createPromoCode = defineAdminEndpoint({
  method: 'POST',
  path: '/promo-codes',
  access: 'staff',
  roles: PROMO_CODE_ROLES,
  summary: 'A new promo code opening its own campaign of free days, with an optional cap and expiry (audited)',
  body: z.object({
    code: z.string().trim().min(3).max(32),
    days: z.number().int().min(1).max(365),
    maxRedemptions: z.number().int().min(1).max(10_000_000).nullable().default(null),
    expiresAt: z.string().datetime({ offset: true }).nullable().default(null),
  }),
  response: z.object({ promoCode: PromoCodeSchema }),
});

export const disablePromoCode = defineAdminEndpoint({
  method: 'POST',
  path: '/promo-codes/:code/disable',
  access: 'staff',
  roles: PROMO_CODE_ROLES,
  summary:
    'Disables a promo code from now on: registration refuses it, accounts that redeemed it keep their days (audited)',
  params: codeParam,
  response: z.object({ promoCode: PromoCodeSchema, repeated: z.boolean() }),
});
