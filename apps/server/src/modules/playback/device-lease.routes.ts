import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { DeviceLeases } from '../../streaming/device-leases';
import type { StreamAuthority } from '../../streaming/stream-authority';

/**
 * Device leases on the API (docs/decisions/018): release on stop. The heartbeat on resume saves is
 * the streaming plugin's: those calls are the catalogue's (decision 054).
 */
export function registerDeviceLeaseRoutes(
  api: FastifyInstance,
  deps: { leases: DeviceLeases; authority: StreamAuthority; checkResponses: boolean },
) {
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
