import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { DeviceLeases } from '../../streaming/device-leases';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { DevicePlaces } from './device-places';

/**
 * Device leases on the API (docs/decisions/018): release on stop. The heartbeat on resume saves is
 * the streaming plugin's: those calls are the catalogue's (decision 054).
 */
export function registerDeviceLeaseRoutes(
  api: FastifyInstance,
  deps: { leases: DeviceLeases; authority: StreamAuthority; places: DevicePlaces; checkResponses: boolean },
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

  // The devices-limit dialog's list and its stop button (decision 061).
  registerEndpoint(api, endpoints.getPlayingDevices, async ({ auth }) => ({ Devices: await deps.places.list(auth) }), {
    checkResponses: deps.checkResponses,
  });
  registerEndpoint(
    api,
    endpoints.stopPlayingDevice,
    async ({ auth, body }) => {
      await deps.places.stop(auth, body.device_id);
      return { Success: true };
    },
    { checkResponses: deps.checkResponses },
  );
}
