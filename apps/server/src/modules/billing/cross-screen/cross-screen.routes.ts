import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../../lib/register-endpoint';
import type { CrossScreen } from './cross-screen.service';

/** spec 3 §7 /customer/billing/link, /status, /send, and the phone's check (decision 025). */
export function registerCrossScreenRoutes(
  app: FastifyInstance,
  deps: { crossScreen: CrossScreen; checkResponses: boolean },
) {
  const logged = { checkResponses: deps.checkResponses, session: 'required' as const };
  const { crossScreen } = deps;
  registerEndpoint(
    app,
    endpoints.getBillingLink,
    async ({ query, request }) => ({ Link: await crossScreen.create(request.session!, query.purchase_content) }),
    logged,
  );
  registerEndpoint(
    app,
    endpoints.getBillingLinkStatus,
    async ({ query, request }) => ({ Status: await crossScreen.status(request.session!, query.code) }),
    logged,
  );
  registerEndpoint(
    app,
    endpoints.sendBillingLink,
    async ({ query, request }) => ({
      Result: await crossScreen.send(request.session!, query.code, query.msisdn, request.ip),
    }),
    logged,
  );
  registerEndpoint(
    app,
    endpoints.checkBillingLink,
    async ({ query, request }) => ({ Link: await crossScreen.check(request.session, query) }),
    { checkResponses: deps.checkResponses },
  );
}
