import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import { setSessionCookie, type SessionCookies } from '../../plugins/session';
import { callerOf } from '../../sessions/caller';
import type { LinkService } from './link.service';

/** TV log-in and registration by link code (spec 1 §3, §7; decision 011). */
export function registerLinkRoutes(
  app: FastifyInstance,
  deps: { link: LinkService; cookies: SessionCookies; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses };
  const { link } = deps;

  registerEndpoint(
    app,
    endpoints.createAccountLink,
    async ({ query, request }) => ({
      Link: await link.create(
        query.action,
        { platform: request.common.platform, udid: request.common.deviceUdid },
        request.ip,
      ),
    }),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.getAccountLinkStatus,
    async ({ query, request, reply }) => {
      const { status, token } = await link.status(query.code, callerOf(request).device, request.ip);
      if (token) {
        // The TV holds the bearer token; a browser-based TV app gets the cookie as well.
        setSessionCookie(reply, deps.cookies, token);
        reply.header('x-playz-token', token);
      }
      return { Status: status };
    },
    opts,
  );

  registerEndpoint(app, endpoints.checkAccountLink, ({ query, request }) => link.check(query.code, request.ip), opts);

  registerEndpoint(
    app,
    endpoints.approveAccountLink,
    ({ auth, body, request }) => link.approve(body.code, auth.customerId, request.ip, body.data),
    opts,
  );

  registerEndpoint(
    app,
    endpoints.setAccountLinkData,
    ({ auth, query, request }) => link.setData(query.code, query.data, auth.customerId, request.ip),
    opts,
  );
}
