import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { billingOutcomeSchema, carriersSchema, marketingTrackerSchema, redirectDataSchema } from '../entities/billing';

// The web payment calls of spec 3 §7 (decision 025). A billing_id is 24 hex characters.
const billingId = z.string().regex(/^[0-9a-f]{24}$/);
const productId = z.string().regex(/^\d{1,9}$/);
/** The common query of the calls that start a payment (spec 3 §7 direct-pass url, "as url calls"). */
const startQuery = z.object({
  product_id: productId,
  /** The offer (productPriceID); without it, the product's first offer for the billing type. */
  product_price_id: z
    .string()
    .regex(/^\d{1,9}$/)
    .optional(),
  operator_id: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
  billing_type_param: z.enum(['CB', 'PAYPAL']).optional(),
  /** JSON PurchaseContent (contentType, contentTypeID) for a purchase. */
  purchase_content: z.string().max(512).optional(),
  msisdn: z.string().max(32).optional(),
  requested_url: z.string().max(2048).optional(),
  c: z.string().max(64).optional(),
});

/**
 * spec 3 §7 GET /billing/direct-pass/carriers: the operators of the grid (with their parent ids)
 * and the other payment methods (CB, PAYPAL) for a product. 31 unknown product.
 */
export const getDirectPassCarriers = defineEndpoint({
  method: 'GET',
  path: '/billing/direct-pass/carriers',
  access: 'visitor',
  summary: 'Operators and payment methods for a product',
  tags: ['billing'],
  query: z.object({ product_id: productId }),
  response: z.object({ Carriers: carriersSchema }),
  errors: [31],
});

/**
 * spec 3 §7 GET /billing/direct-pass/url: starts an operator payment and answers the operator's
 * page to open. `Url` is null when the operator needs the mobile number first (spec 3 §4 step 1:
 * the client goes to the msisdn page). 31 unknown product or offer, 33 no operator billing for it,
 * 34 unknown operator, 3 a msisdn that is not a French mobile or a bad purchase_content.
 */
export const getDirectPassUrl = defineEndpoint({
  method: 'GET',
  path: '/billing/direct-pass/url',
  access: 'visitor',
  summary: 'Start an operator (direct pass) payment',
  tags: ['billing'],
  query: startQuery,
  response: z.object({ Url: z.string().nullable(), BillingID: z.string().nullable() }),
  errors: [4, 31, 33, 34],
});

/**
 * spec 3 §7 POST /billing/direct-pass/confirm (billing_id): where the payment stands. It never
 * activates anything by itself: the operator's signed notification does, or the operator's status
 * answer when the notification has not come yet (decision 025). 32 unknown billing.
 */
export const confirmDirectPass = defineEndpoint({
  method: 'POST',
  path: '/billing/direct-pass/confirm',
  access: 'visitor',
  summary: 'Where an operator payment stands after the return',
  tags: ['billing'],
  body: z.object({ billing_id: billingId }),
  response: z.object({ Result: z.boolean(), Billing: billingOutcomeSchema }),
  errors: [32],
});

/** spec 3 §7 GET /billing/direct-pass/marketing-trackers (product_id, action, operator_id). */
export const getMarketingTrackers = defineEndpoint({
  method: 'GET',
  path: '/billing/direct-pass/marketing-trackers',
  access: 'visitor',
  summary: 'Marketing trackers to fire after a visit or a subscription',
  tags: ['billing'],
  query: z.object({
    product_id: productId,
    action: z.enum(['visit', 'subscription']),
    operator_id: z
      .string()
      .regex(/^\d{1,4}$/)
      .optional(),
  }),
  response: z.object({
    MarketingTrackers: z.object({
      Visit: z.array(marketingTrackerSchema),
      Subscription: z.array(marketingTrackerSchema),
    }),
  }),
  errors: [31],
});

/**
 * spec 3 §7 GET /billing/credit-card/url: the hidden form the browser posts to the card
 * processor's hosted page (3-D Secure there). Needs a session (11).
 */
export const getCreditCardUrl = defineEndpoint({
  method: 'GET',
  path: '/billing/credit-card/url',
  access: 'customer',
  summary: 'Start a card payment (form post to the hosted page)',
  tags: ['billing'],
  query: startQuery,
  response: z.object({ RedirectData: redirectDataSchema, BillingID: z.string() }),
  errors: [4, 11, 31, 33],
});

/** spec 3 §7 /billing/credit-card/update: the same hosted page, to change the card of a subscription. */
export const getCreditCardUpdate = defineEndpoint({
  method: 'GET',
  path: '/billing/credit-card/update',
  access: 'customer',
  summary: 'Change the card of a running subscription',
  tags: ['billing'],
  query: z.object({ product_id: productId, requested_url: z.string().max(2048).optional() }),
  response: z.object({ RedirectData: redirectDataSchema, BillingID: z.string() }),
  errors: [11, 31, 32],
});

/** spec 3 §7 POST /billing/credit-card/confirm (billing_id): as direct-pass confirm. */
export const confirmCreditCard = defineEndpoint({
  method: 'POST',
  path: '/billing/credit-card/confirm',
  access: 'visitor',
  summary: 'Where a card payment stands after the return',
  tags: ['billing'],
  body: z.object({ billing_id: billingId }),
  response: z.object({ Result: z.boolean(), Billing: billingOutcomeSchema }),
  errors: [32],
});

/** A card as the account shows it (spec 1 §3 Customer creditCard): masked, never its number. */
const maskedCardSchema = z.object({
  brand: z.string().nullable(),
  maskedNumber: z.string(),
  expiryMonth: z.number().int().nullable(),
  expiryYear: z.number().int().nullable(),
});

/**
 * spec 3 §7 POST /billing/credit-card/save, the saved card (decision 083): the card processor's
 * registered-card flow. Without `billing_id` it starts a registration: the hidden form of the
 * processor's page, where the card is typed and checked under 3-D Secure, nothing paid
 * (`Result: false`, `RedirectData`); asked again while that registration is under way it answers
 * the same `BillingID`. With the `billing_id` of the registration the viewer came back from, it
 * answers `Result: true` once the processor's notification saved the card (asking the processor
 * while none came), with the card masked. Playz keeps the processor's token, the brand, the last
 * four digits and the expiry, never the number. Renewals of card subscriptions charge it.
 * 11 without a session, 4 from a kids profile, 32 a billing_id that is not this customer's
 * registration, 33 no card payments configured, 1 the processor cannot be reached.
 */
export const saveCreditCard = defineEndpoint({
  method: 'POST',
  path: '/billing/credit-card/save',
  access: 'adult',
  summary: 'Register the card on file (3-D Secure), or read where a registration stands',
  tags: ['billing'],
  body: z.object({ billing_id: billingId.optional(), requested_url: z.string().max(2048).optional() }),
  response: z.object({
    Result: z.boolean(),
    BillingID: z.string(),
    RedirectData: redirectDataSchema.nullable(),
    Billing: billingOutcomeSchema.nullable(),
    CreditCard: maskedCardSchema.nullable(),
  }),
  errors: [1, 4, 11, 32, 33],
});

/**
 * POST /billing/credit-card/remove (beyond spec 3 §7, decision 083): forgets the saved card and
 * cancels its token at the processor. Refused (4) while a card subscription still renews: a
 * renewal needs a card, which the viewer replaces through save instead. 32 without a saved card,
 * 1 the processor cannot be reached (nothing changed), 11 without a session, 4 from a kids profile.
 */
export const removeCreditCard = defineEndpoint({
  method: 'POST',
  path: '/billing/credit-card/remove',
  access: 'adult',
  summary: 'Forget the saved card',
  tags: ['billing'],
  body: z.object({}),
  response: z.object({ Result: z.boolean() }),
  errors: [1, 4, 11, 32],
});

/** spec 3 §7 GET /billing/paypal/url: the PayPal approval page to open. Needs a session (11). */
export const getPaypalUrl = defineEndpoint({
  method: 'GET',
  path: '/billing/paypal/url',
  access: 'customer',
  summary: 'Start a PayPal payment (approval page)',
  tags: ['billing'],
  query: startQuery,
  response: z.object({ Url: z.string(), BillingID: z.string() }),
  errors: [4, 11, 31, 33],
});

/**
 * spec 3 §7 GET /billing/paypal/confirm (billing_id, billing_credit_id, subscription_id →
 * redirectUrl): PayPal sent the viewer back; the order is captured or the subscription read at
 * PayPal, then the viewer goes to `RedirectUrl` (the return splash). 32 unknown billing.
 */
export const confirmPaypal = defineEndpoint({
  method: 'GET',
  path: '/billing/paypal/confirm',
  access: 'visitor',
  summary: 'Back from PayPal: capture or read the subscription, answer where to go',
  tags: ['billing'],
  query: z.object({
    billing_id: billingId,
    billing_credit_id: z.string().max(128).optional(),
    subscription_id: z.string().max(128).optional(),
  }),
  response: z.object({ RedirectUrl: z.string(), Billing: billingOutcomeSchema }),
  errors: [32],
});

/** spec 3 §7 GET /billing/{type}/data (billing_id): the billing and its in-app purchase. */
export const getBillingData = defineEndpoint({
  method: 'GET',
  path: '/billing/:type/data',
  access: 'visitor',
  summary: 'A billing and the offer it pays',
  tags: ['billing'],
  params: z.object({ type: z.string().max(32) }),
  query: z.object({ billing_id: billingId }),
  response: z.object({ Billing: billingOutcomeSchema }),
  errors: [32, 33],
});
