import type { FastifyInstance } from 'fastify';
import { API_BASE_PATH, endpoints } from '@playz/api-contract';
import { customerAuthOf } from '../../lib/access';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { DeviceLeases } from './device-leases';
import type { StreamAuthority } from './stream-authority';

/**
 * The calls a playing device already makes every few seconds: saving its resume point (spec 2
 * §7 playback/status). They double as the lease heartbeat, so players need no extra call.
 */
const HEARTBEATS = new Set(
  [endpoints.setContentPlaybackStatus, endpoints.setEpisodePlaybackStatus].map((e) => `${API_BASE_PATH}${e.path}`),
);

/** Device leases on the API (docs/decisions/018): heartbeat on resume saves, release on stop. */
export function registerDeviceLeaseRoutes(
  api: FastifyInstance,
  deps: { leases: DeviceLeases; authority: StreamAuthority; checkResponses: boolean },
) {
  api.addHook('preHandler', async (request) => {
    if (!request.session || !HEARTBEATS.has(request.routeOptions.url ?? '')) return;
    const { customerId, sessionId } = customerAuthOf(request.session);
    // The resume point matters more than the lease: a store outage must not lose it.
    await deps.leases.renew(customerId, sessionId).catch((error: unknown) => {
      request.log.error({ err: error }, 'device lease renewal failed');
    });
  });

  registerEndpoint(
    api,
    endpoints.stopPlayback,
    async ({ auth: { customer } }) => {
      if (customer) {
        // Its manifests stop too: a stopped device must ask for a new stream (decision 022).
        deps.authority.streamStopped(customer.sessionId);
        await deps.leases.release(customer.customerId, customer.sessionId);
      }
      return { Success: true };
    },
    { checkResponses: deps.checkResponses },
  );
}
