import type { Device } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { DevicesRepository } from './devices.repository';
import type { ProfilesService } from './profiles.service';
import type { SessionRepository } from './session.repository';

type Session = { id: string; customerId: number } | null;

/** Active devices and signing one out (spec 1 §7). */
export function createDevicesService(deps: {
  devices: DevicesRepository;
  sessions: SessionRepository;
  profiles: Pick<ProfilesService, 'assertNotKidsProfile'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  function requireSession(session: Session) {
    if (!session) throw apiError(ApiErrorNumber.AuthenticationFailed);
    return session;
  }

  return {
    async listActive(session: Session): Promise<Device[]> {
      const s = requireSession(session);
      const [rows, links] = await Promise.all([
        deps.devices.listActive(s.customerId, now().toISOString()),
        deps.sessions.findLinks(s.id),
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
    async logOutDevice(session: Session, deviceUid: string): Promise<{ wasCurrent: boolean }> {
      const s = requireSession(session);
      await deps.profiles.assertNotKidsProfile(s);
      const device = await deps.devices.findByUid(s.customerId, deviceUid);
      if (!device) throw apiError(ApiErrorNumber.NotFound);
      const links = await deps.sessions.findLinks(s.id);
      // The sessions end through their repository first, so their listeners hear of it.
      await deps.sessions.deleteOfDevice(s.customerId, device.id);
      await deps.devices.delete(device.id);
      return { wasCurrent: links?.device_id === device.id };
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
