import { z } from 'zod';
import { PURCHASE_STATUSES } from '@playz/domain';
import { defineEndpoint } from '../endpoint';

// Billing calls of spec 3 §7. Posts are form-encoded, so numbers arrive as digit strings.

/**
 * spec 3 §7 POST /billing/unsubscribe (billing_type, product_id -> Result, Status), for a logged
 * customer (else 11). Stops the renewal of the customer's subscription to that product on that
 * billing type: it becomes Cancelled and keeps its expiration date, so access lasts until then
 * (spec 3 §4 Validity; docs/decisions/017). Unsubscribing again answers `Result: true` with the
 * status it already has and changes nothing.
 *
 * Errors: 33 `billing_type` is not a billing type of spec 3 §3 (SamsungCheckout ... Dummy);
 * 31 no offer sells `product_id`; 32 the customer has no subscription to that product on that
 * billing type; 4 its billing type is not available on the caller's platform (spec 3 §4), the
 * subscription never gave access (PreOrder, Error), or the session uses a kids profile.
 */
export const unsubscribe = defineEndpoint({
  method: 'POST',
  path: '/billing/unsubscribe',
  access: 'adult',
  summary: 'Stop the renewal of a subscription (access stays until its expiration date)',
  tags: ['billing'],
  body: z.object({
    billing_type: z.string().min(1).max(64),
    product_id: z.string().regex(/^\d{1,9}$/),
  }),
  response: z.object({ Result: z.boolean(), Status: z.enum(PURCHASE_STATUSES) }),
  errors: [1, 4, 11, 31, 32, 33],
});

/**
 * spec 3 §7 POST /billing/cancel (billing_type, product_id -> Result, Status): stops the renewal at
 * the provider and here, like unsubscribe; within the 14-day withdrawal period (spec 3 §1) of a
 * paid start, the first payment is also refunded and access ends now (Refunded, decision 025).
 * Errors as unsubscribe; 1 when the provider refuses or cannot be reached (nothing changed here).
 */
export const cancelSubscription = defineEndpoint({
  method: 'POST',
  path: '/billing/cancel',
  access: 'adult',
  summary: 'Cancel a subscription (refunded within the withdrawal period)',
  tags: ['billing'],
  body: z.object({
    billing_type: z.string().min(1).max(64),
    product_id: z.string().regex(/^\d{1,9}$/),
  }),
  response: z.object({ Result: z.boolean(), Status: z.enum(PURCHASE_STATUSES) }),
  errors: [1, 4, 11, 31, 32, 33],
});
