import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { ParentalCodeResetService } from './parental-code-reset.service';

/** POST /customer/parental-code/reset: the forgotten parental code (decision 019). */
export function registerParentalCodeResetRoutes(
  app: FastifyInstance,
  deps: { reset: ParentalCodeResetService; checkResponses: boolean },
) {
  registerEndpoint(
    app,
    endpoints.resetParentalCode,
    async ({ auth, body, request }) => ({
      Customer: await deps.reset.reset(auth, { password: body.password, code: body.code }, request.ip),
    }),
    { checkResponses: deps.checkResponses },
  );
}
