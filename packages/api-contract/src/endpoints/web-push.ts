import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

// Beyond the spec (decision 066): the live-event alert (spec 1 §3 Alert) by Web Push as well as by
// mail, on the browsers where the viewer turned it on. Posts are form-encoded, as the spec's are.

/** The base64url a browser's PushSubscription.toJSON() writes (padding tolerated). */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** The server's VAPID public key (RFC 8292) a browser subscribes with; null: this service sends no push. */
export const getWebPushKey = defineEndpoint({
  method: 'GET',
  path: '/web-push/key',
  access: 'visitor',
  summary: 'The VAPID public key browsers subscribe to push with (null: no push)',
  tags: ['alerts'],
  response: z.object({ PublicKey: z.string().nullable() }),
});

/**
 * Saves this browser's push subscription for the customer, in the request's language (the
 * notifications' language). 3 for an endpoint that is not a browser push service's or malformed
 * keys, 10 when the service sends no push. The subscription lasts as long as the session.
 */
export const subscribeWebPush = defineEndpoint({
  method: 'POST',
  path: '/customer/web-push/subscribe',
  access: 'customer',
  summary: "Receive the alerts by Web Push on this browser (its PushSubscription's endpoint and keys)",
  tags: ['alerts'],
  body: z.object({
    endpoint: z.string().max(1024),
    p256dh: base64url(100),
    auth: base64url(30),
  }),
  response: z.object({ Success: z.boolean() }),
  errors: [3, 10, 11],
});

/** Whether the server pushes to this browser (a push service may have ended the subscription). */
export const getWebPushStatus = defineEndpoint({
  method: 'POST',
  path: '/customer/web-push/status',
  access: 'customer',
  summary: 'Whether the alerts are pushed to this browser',
  tags: ['alerts'],
  body: z.object({ endpoint: z.string().max(1024) }),
  response: z.object({ Subscribed: z.boolean() }),
  errors: [11],
});

/** Stops the pushes to this browser (7 when the customer has no subscription with that endpoint). */
export const unsubscribeWebPush = defineEndpoint({
  method: 'POST',
  path: '/customer/web-push/unsubscribe',
  access: 'customer',
  summary: 'Stop the alerts by Web Push on this browser',
  tags: ['alerts'],
  body: z.object({ endpoint: z.string().max(1024) }),
  response: z.object({ Success: z.boolean() }),
  errors: [7, 11],
});
