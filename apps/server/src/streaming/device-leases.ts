import { ApiErrorReason } from '@playz/api-contract';
import { ApiError, ApiErrorNumber } from '@playz/domain';
import { translate } from '@playz/i18n';
import type { DeviceLeaseStore, StreamKind } from './device-lease-store';
import type { SessionsEndedScope } from '../sessions/sessions-ended';

/**
 * How long a playing device keeps its place without news. The web player saves its resume point
 * every 10 s while playing (spec 2 §4 Resume), which renews the lease; a device that paused or
 * vanished frees its place within these minutes ("wait a few minutes", spec 1 §2 dialog).
 */
export const DEVICE_LEASE_TTL_MS = 3 * 60 * 1000;

/**
 * The N+1th device of an account asking for a View stream (spec 1 §6, spec 2 §8, spec 3 §6).
 * 4 (forbidden, HTTP 403) as any refusal, with Reason DevicesLimitReached so the apps open the
 * devices-limit dialog instead of the subscribe poster; the message is the dialog's own text in
 * the viewer's language (docs/decisions/018).
 */
export class DevicesLimitReachedError extends ApiError {
  readonly messageKey = 'errors.devicesLimitMessage' as const;
  readonly reason = ApiErrorReason.DevicesLimitReached;

  constructor() {
    super(ApiErrorNumber.Forbidden, translate('fr', 'errors.devicesLimitMessage'));
  }
}

/**
 * Simultaneous streams per account. The holder is the session: one browser or device, whatever
 * the number of its tabs. A session that ended gives its place back at once: the session
 * repository tells `sessionsEnded` (registered in app.ts and the operator CLI), and as a safety
 * net, when the places look full, the holders' sessions are checked and the ended ones dropped
 * before refusing (a CLI sign-out cannot reach an API node's in-process store, a release can fail).
 */
export function createDeviceLeases(deps: {
  store: DeviceLeaseStore;
  /** MAX_SIMULTANEOUS_DEVICES */
  limit: number;
  /** The sessions among `ids` that are still signed in. */
  liveSessions: (ids: string[]) => Promise<Set<string>>;
  now?: () => Date;
}) {
  const nowMs = () => (deps.now?.() ?? new Date()).getTime();
  const keyOf = (customerId: number) => `device-leases:customer:${customerId}`;
  const terms = () => ({ limit: deps.limit, ttlMs: DEVICE_LEASE_TTL_MS, nowMs: nowMs() });

  return {
    /**
     * Takes the session's place before a View stream is signed; DevicesLimitReachedError past the
     * limit. `kind` is what it plays, for the concurrent-streams history (decision 116).
     */
    async take(customerId: number, sessionId: string, kind: StreamKind = 'vod'): Promise<void> {
      const key = keyOf(customerId);
      const first = await deps.store.take(key, sessionId, { ...terms(), kind });
      if (first.granted) return;
      const live = await deps.liveSessions(first.holders);
      const ended = first.holders.filter((holder) => !live.has(holder));
      if (ended.length === 0) throw new DevicesLimitReachedError();
      await deps.store.release(key, ended);
      // Taken again through the store, so a place freed here still goes to one node only.
      if (!(await deps.store.take(key, sessionId, { ...terms(), kind })).granted) throw new DevicesLimitReachedError();
    },
    /**
     * The device is still playing (a resume save): its lease runs on. A save from a session that
     * holds no place (a lease that ran out in a long pause, a client saving progress without a
     * stream) takes none: places are only given with a stream.
     */
    renew(customerId: number, sessionId: string): Promise<boolean> {
      const { ttlMs, nowMs: at } = terms();
      return deps.store.renew(keyOf(customerId), sessionId, { ttlMs, nowMs: at });
    },
    /**
     * Sessions ended (log-out, device signed out, sign out everywhere, password change or reset,
     * account deletion, operator sign-out): their places are free now. Errors are the caller's.
     */
    async sessionsEnded(scope: SessionsEndedScope): Promise<void> {
      if (scope === 'every-account') return deps.store.releaseAll();
      const key = keyOf(scope.customerId);
      const holders = await deps.store.holders(key, nowMs());
      const live = await deps.liveSessions(holders);
      await deps.store.release(
        key,
        holders.filter((holder) => !live.has(holder)),
      );
    },
    /** The sessions holding the account's places now, ended ones left out (decision 061). */
    async holdersOf(customerId: number): Promise<string[]> {
      const holders = await deps.store.holders(keyOf(customerId), nowMs());
      const live = await deps.liveSessions(holders);
      return holders.filter((holder) => live.has(holder));
    },
    /** The device stopped playing: its place is free now. */
    release(customerId: number, sessionId: string): Promise<void> {
      return deps.store.release(keyOf(customerId), [sessionId]);
    },
  };
}
export type DeviceLeases = ReturnType<typeof createDeviceLeases>;
