import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { RemoteLinkService } from './remote-link.service';

/** spec 2 §7 remote link calls; every one needs a session (11 without). */
export function registerRemoteLinkRoutes(
  api: FastifyInstance,
  deps: { links: RemoteLinkService; checkResponses: boolean },
) {
  const opts = { checkResponses: deps.checkResponses, session: 'required' as const };
  const { links } = deps;
  const customerOf = (session: { customerId: number } | null) => session!.customerId;

  registerEndpoint(
    api,
    endpoints.createRemoteLink,
    async ({ request }) => {
      // The screen names itself with the common parameter every call carries (spec 1 §7).
      const udid = request.common.deviceUdid;
      if (!udid) throw apiError(ApiErrorNumber.MissingParameter);
      return { Link: await links.create('remote', customerOf(request.session), udid, request.ip) };
    },
    opts,
  );

  registerEndpoint(
    api,
    endpoints.checkRemoteLink,
    async ({ query, request }) => ({
      Result: await links.checkOwn(query.code, customerOf(request.session), request.ip),
    }),
    opts,
  );

  registerEndpoint(
    api,
    endpoints.createRemoteGuestLink,
    async ({ query, request }) => ({
      Link: await links.create('remote-guest', customerOf(request.session), query.host_device, request.ip),
    }),
    opts,
  );

  registerEndpoint(
    api,
    endpoints.checkRemoteGuestLink,
    async ({ query, request }) => ({
      Result: await links.checkGuest(query.code, customerOf(request.session), request.ip),
    }),
    opts,
  );
}
