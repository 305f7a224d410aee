import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { RemoteLinkService } from './remote-link.service';

/** spec 2 §7 remote link calls; every one is a customer's (11 without a session, decision 055). */
export function registerRemoteLinkRoutes(
  api: FastifyInstance,
  deps: { links: RemoteLinkService; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses };
  const { links } = deps;

  registerEndpoint(
    api,
    endpoints.createRemoteLink,
    async ({ auth, request }) => {
      // The screen names itself with the common parameter every call carries (spec 1 §7).
      const udid = request.common.deviceUdid;
      if (!udid) throw apiError(ApiErrorNumber.MissingParameter);
      return { Link: await links.create('remote', auth.customerId, udid, request.ip) };
    },
    opts,
  );

  registerEndpoint(
    api,
    endpoints.checkRemoteLink,
    async ({ auth, query, request }) => ({
      Result: await links.checkOwn(query.code, auth.customerId, request.ip),
    }),
    opts,
  );

  registerEndpoint(
    api,
    endpoints.createRemoteGuestLink,
    async ({ auth, query, request }) => ({
      Link: await links.create('remote-guest', auth.customerId, query.host_device, request.ip),
    }),
    opts,
  );

  registerEndpoint(
    api,
    endpoints.checkRemoteGuestLink,
    async ({ auth, query, request }) => ({
      Result: await links.checkGuest(query.code, auth.customerId, request.ip),
    }),
    opts,
  );
}
