import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../../lib/register-endpoint';
import type { CrossScreen } from './cross-screen.service';

/** spec 3 §7 /customer/billing/link, /status, /send, and the phone's check (decision 025). */
export function registerCrossScreenRoutes(
  app: FastifyInstance,
  deps: { crossScreen: CrossScreen; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses };
  const { crossScreen } = deps;
  registerEndpoint(
    app,
    endpoints.getBillingLink,
    async ({ auth, query }) => ({ Link: await crossScreen.create(auth, query.purchase_content) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.getBillingLinkStatus,
    async ({ auth, query }) => ({ Status: await crossScreen.status(auth, query.code) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.sendBillingLink,
    async ({ auth, query, request }) => ({
      Result: await crossScreen.send(auth, query.code, query.msisdn, request.ip),
    }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.checkBillingLink,
    async ({ auth, query }) => ({ Link: await crossScreen.check(auth, query) }),
    opts,
  );
}
