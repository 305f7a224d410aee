import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { billingLinkSchema, purchaseContentRequestSchema } from '../entities/billing';

// Cross screen (spec 3 §1, §3 Link codes (billing), §7 /customer/billing/link, /status, /send;
// decision 025): a TV shows a link and a QR code, a phone opens it and pays by a web method for
// the TV's account, and the TV's status turns Paid.

const code = z.string().min(4).max(32);

/**
 * spec 3 §7 GET /customer/billing/link: a new payment link for this account (11 without a session).
 * Beyond the spec (decision 040): with `purchase_content` (the JSON of the payment calls) the link
 * buys that one item instead of a subscription: 3 when it does not parse, 20 / 21 / 100 when the
 * content, list or live event does not exist.
 */
export const getBillingLink = defineEndpoint({
  method: 'GET',
  path: '/customer/billing/link',
  access: 'customer',
  summary: 'A payment link and QR code for another screen',
  tags: ['billing'],
  query: z.object({ purchase_content: z.string().max(512).optional() }),
  response: z.object({ Link: billingLinkSchema }),
  errors: [3, 11, 20, 21, 100],
});

/**
 * spec 3 §7 GET /customer/billing/status (code): Paid once a payment of this account succeeded after
 * the link was made; Expired after 30 minutes. 32 for a code that is not this account's.
 */
export const getBillingLinkStatus = defineEndpoint({
  method: 'GET',
  path: '/customer/billing/status',
  access: 'customer',
  summary: 'Whether the other screen paid',
  tags: ['billing'],
  query: z.object({ code }),
  response: z.object({ Status: z.enum(['Pending', 'Paid', 'Expired']) }),
  errors: [11, 32],
});

/** spec 3 §7 GET /customer/billing/send (msisdn, code): texts the link to a French mobile (3 per link). */
export const sendBillingLink = defineEndpoint({
  method: 'GET',
  path: '/customer/billing/send',
  access: 'customer',
  summary: 'Text the payment link to a mobile',
  tags: ['billing'],
  query: z.object({ code, msisdn: z.string().max(32) }),
  response: z.object({ Result: z.boolean() }),
  errors: [3, 4, 11, 32],
});

/**
 * Beyond the spec: what the phone that opened a link (by its URL token or its typed code) needs
 * to show: the TV account's login, masked, and whether the phone is signed in to that account.
 */
export const checkBillingLink = defineEndpoint({
  method: 'GET',
  path: '/customer/billing/link/check',
  access: 'visitor',
  summary: 'The account a payment link pays for',
  tags: ['billing'],
  query: z.object({ token: z.string().max(64).optional(), code: code.optional() }),
  response: z.object({
    Link: z.object({
      maskedLogin: z.string(),
      isSameAccount: z.boolean(),
      status: z.enum(['Pending', 'Paid', 'Expired']),
      code: z.string(),
      /**
       * The item a purchase link buys, with its name (decision 040); null for a subscription.
       * productPriceID: the offer the item names as its own (a content sold alone, a live event's
       * pass; decisions 073 and 107), the only one that buys it; null: its product's offer.
       */
      purchase: purchaseContentRequestSchema
        .extend({ label: z.string(), productPriceID: z.number().int().positive().nullable() })
        .nullable(),
    }),
  }),
  errors: [32],
});
