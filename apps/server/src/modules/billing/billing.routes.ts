import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { BillingService, UnsubscribeRequest } from './billing.service';

const requestOf = (
  request: FastifyRequest,
  body: { billing_type: string; product_id: string },
): UnsubscribeRequest => ({
  billingType: body.billing_type,
  productId: Number(body.product_id),
  platform: request.common.platform,
  declaredBillingTypes: request.common.billingTypes,
});

/** Billing calls of spec 3 §7 that change a running subscription: adult calls (11, 4; decision 055). */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses };
  registerEndpoint(
    app,
    endpoints.unsubscribe,
    ({ auth, body, request }) => deps.billing.unsubscribe(auth, requestOf(request, body)),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.cancelSubscription,
    ({ auth, body, request }) => deps.billing.cancel(auth, requestOf(request, body)),
    opts,
  );
}
