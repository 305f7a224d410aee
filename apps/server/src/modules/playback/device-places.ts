import { createHash } from 'node:crypto';
import type { PlayingDevice } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import type { SessionRepository } from '../../sessions/session.repository';
import type { DeviceLeases } from '../../streaming/device-leases';
import type { StreamAuthority } from '../../streaming/stream-authority';

/** A place's name on the API: a session's id never leaves the server, even hashed once. */
function placeId(sessionId: string): string {
  return createHash('sha256').update(`device-place:${sessionId}`).digest('hex').slice(0, 32);
}

/**
 * The devices holding an account's simultaneous-stream places and stopping one of them
 * (decision 061): the devices-limit dialog (spec 1 §6) lets the viewer free a place there and then.
 */
export function createDevicePlaces(deps: {
  leases: DeviceLeases;
  authority: StreamAuthority;
  sessions: Pick<SessionRepository, 'devicesOf'>;
}) {
  return {
    async list(auth: CustomerAuth): Promise<PlayingDevice[]> {
      const holders = await deps.leases.holdersOf(auth.customerId);
      const rows = await deps.sessions.devicesOf(auth.customerId, holders);
      return rows.map((row) => ({
        ID: placeId(row.id),
        name: [row.vendor, row.model].filter(Boolean).join(' ') || row.system_name || row.platform,
        type: row.type,
        platform: row.platform,
        since: row.created_at,
        isCurrent: row.id === auth.sessionId,
      }));
    },

    /** Its streams stop on every node (decision 022) and its place is free at once. */
    async stop(auth: CustomerAuth, id: string): Promise<void> {
      const holders = await deps.leases.holdersOf(auth.customerId);
      const sessionId = holders.find((holder) => placeId(holder) === id);
      if (sessionId === undefined) throw apiError(ApiErrorNumber.NotFound);
      deps.authority.streamStopped(sessionId);
      await deps.leases.release(auth.customerId, sessionId);
    },
  };
}
export type DevicePlaces = ReturnType<typeof createDevicePlaces>;
