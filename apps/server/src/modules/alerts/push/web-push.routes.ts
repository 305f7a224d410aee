import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../../lib/register-endpoint';
import type { PushSubscriptions } from './push-subscriptions.service';

/** The Web Push calls of the alerts (decision 066): the key, and this browser's subscription. */
export function registerWebPushRoutes(
  api: FastifyInstance,
  deps: { subscriptions: PushSubscriptions; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses };
  registerEndpoint(api, endpoints.getWebPushKey, async () => ({ PublicKey: deps.subscriptions.publicKey }), opts);
  registerEndpoint(
    api,
    endpoints.subscribeWebPush,
    async ({ auth, body, request }) => {
      await deps.subscriptions.subscribe(auth, body, request.common.locale);
      return { Success: true };
    },
    opts,
  );
  registerEndpoint(
    api,
    endpoints.getWebPushStatus,
    async ({ auth, body }) => ({ Subscribed: await deps.subscriptions.isSubscribed(auth, body.endpoint) }),
    opts,
  );
  registerEndpoint(
    api,
    endpoints.unsubscribeWebPush,
    async ({ auth, body }) => {
      await deps.subscriptions.unsubscribe(auth, body.endpoint);
      return { Success: true };
    },
    opts,
  );
}
