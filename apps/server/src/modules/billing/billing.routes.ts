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

/** Billing calls of spec 3 §7 that change a running subscription; log-in required (11). */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses, session: 'required' as const };
  registerEndpoint(
    app,
    endpoints.unsubscribe,
    ({ body, request }) => deps.billing.unsubscribe(request.session!, requestOf(request, body)),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.cancelSubscription,
    ({ body, request }) => deps.billing.cancel(request.session!, requestOf(request, body)),
    opts,
  );
}
