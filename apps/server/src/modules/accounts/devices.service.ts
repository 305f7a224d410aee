import type { Device } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { AdultAuth, CustomerAuth } from '../../lib/access';
import type { DevicesRepository } from './devices.repository';
import type { SessionRepository } from '../../sessions/session.repository';

/** Active devices and signing one out (spec 1 §7). */
export function createDevicesService(deps: {
  devices: DevicesRepository;
  sessions: SessionRepository;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  return {
    async listActive(auth: CustomerAuth): Promise<Device[]> {
      const [rows, links] = await Promise.all([
        deps.devices.listActive(auth.customerId, now().toISOString()),
        deps.sessions.findLinks(auth.sessionId),
      ]);
      return rows.map((r) => ({
        ID: r.uid,
        platform: r.platform,
        type: r.type,
        udid: r.udid,
        vendor: r.vendor,
        model: r.model,
        mac: r.mac,
        systemName: r.system_name,
        systemVersion: r.system_version,
        appVersion: r.app_version,
        firstSeenAt: r.first_seen_at,
        lastSeenAt: String(r.last_seen_at),
        isCurrent: r.id === links?.device_id,
      }));
    },

    /** Ends every session of one of the account's devices; says whether it was this one. */
    async logOutDevice(auth: AdultAuth, deviceUid: string): Promise<{ wasCurrent: boolean }> {
      const device = await deps.devices.findByUid(auth.customerId, deviceUid);
      if (!device) throw apiError(ApiErrorNumber.NotFound);
      const links = await deps.sessions.findLinks(auth.sessionId);
      // The sessions end through their repository first, so their listeners hear of it.
      await deps.sessions.deleteOfDevice(auth.customerId, device.id);
      await deps.devices.delete(device.id);
      return { wasCurrent: links?.device_id === device.id };
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
