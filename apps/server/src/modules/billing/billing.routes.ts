import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { BillingService } from './billing.service';

/** Billing calls of spec 3 §7. */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; checkResponses: boolean },
) {
  registerEndpoint(
    app,
    endpoints.unsubscribe,
    ({ body, request }) =>
      deps.billing.unsubscribe(request.session, {
        billingType: body.billing_type,
        productId: Number(body.product_id),
        platform: request.common.platform,
        declaredBillingTypes: request.common.billingTypes,
      }),
    { checkResponses: deps.checkResponses },
  );
}
