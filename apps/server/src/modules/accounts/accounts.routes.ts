import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import { clearSessionCookie, setSessionCookie, type SessionCookies } from '../../plugins/session';
import type { AccountsService } from './accounts.service';

export function registerAccountsRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; cookies: SessionCookies; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses };

  registerEndpoint(
    app,
    endpoints.getCustomer,
    async ({ request }) => ({ Customer: await deps.accounts.currentCustomer(request.session, request.common) }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.logIn,
    async ({ body, request, reply }) => {
      // A new session id at every log-in; the previous one (if any) dies (issue 3, fixation).
      await deps.accounts.logOut(request.session);
      const { token, customer } = await deps.accounts.logIn(
        { login: body.login, password: body.password, ssoSource: body.sso_source },
        { platform: request.common.platform, udid: request.common.deviceUdid },
      );
      setSessionCookie(reply, deps.cookies, token);
      // Device apps keep the token themselves; the web never reads it (httpOnly cookie).
      if (request.common.platform !== 'Web') reply.header('x-playz-token', token);
      return { Customer: customer };
    },
    opts,
  );

  registerEndpoint(
    app,
    endpoints.logOut,
    async ({ request, reply }) => {
      await deps.accounts.logOut(request.session);
      clearSessionCookie(reply, deps.cookies);
      return { Success: true };
    },
    opts,
  );
}
