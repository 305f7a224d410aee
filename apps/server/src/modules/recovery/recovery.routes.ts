import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { RecoveryService } from './recovery.service';

/** spec 1 §7 forgot password / forgot login, and the reset screen's calls (spec 1 §2, §4). */
export function registerRecoveryRoutes(
  app: FastifyInstance,
  deps: { recovery: RecoveryService; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses };
  const { recovery } = deps;

  registerEndpoint(
    app,
    endpoints.forgotPassword,
    ({ query, request }) => recovery.forgotPassword(query.email, request.ip),
    opts,
  );
  registerEndpoint(app, endpoints.checkPasswordSecret, ({ query }) => recovery.checkSecret(query.secret), opts);
  registerEndpoint(
    app,
    endpoints.resetPassword,
    ({ body, request }) =>
      recovery.resetPassword(
        { secret: body.secret, password: body.password, passwordConfirm: body.password_confirm },
        request.ip,
      ),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.forgotLogin,
    ({ query, request }) => recovery.forgotLogin(query.msisdn, query.operator_id, request.ip),
    opts,
  );
}
