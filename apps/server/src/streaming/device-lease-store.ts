/**
 * Device leases (docs/decisions/018): under one key (an account) each holder (a session playing
 * a stream) has a lease that runs out unless it is renewed. At most `limit` unexpired leases per
 * key. In process by default, in Redis with REDIS_URL (device-lease-redis-store.ts) so every API
 * node sees the same leases (ARCHITECTURE decision 2).
 */
export interface LeaseTerms {
  limit: number;
  ttlMs: number;
  /** The caller's clock (ms since epoch): leases that ended before it are dropped first. */
  nowMs: number;
}

/**
 * What a lease plays, for the concurrent-streams history (decision 116): a film or an episode
 * (`vod`, downloads too), a channel (`live`: live, start-over, a programme's replay), a live event.
 */
export type StreamKind = 'vod' | 'live' | 'event';
export const STREAM_KINDS: readonly StreamKind[] = ['vod', 'live', 'event'];
export type CountsByKind = Record<StreamKind, number>;

export type TakeResult = { granted: true } | { granted: false; holders: string[] };

export interface DeviceLeaseStore {
  /**
   * Takes or extends `holder`'s lease unless `limit` other unexpired leases are held; refused, it
   * names the holders. One atomic step: two nodes never both hand out the last place.
   */
  take(key: string, holder: string, terms: LeaseTerms & { kind?: StreamKind }): Promise<TakeResult>;
  /** Extends `holder`'s lease if it has not run out; never takes a place (false then). */
  renew(key: string, holder: string, terms: Omit<LeaseTerms, 'limit'>): Promise<boolean>;
  release(key: string, holders: string[]): Promise<void>;
  /** The holders of unexpired leases under `key` (to drop those whose sessions ended). */
  holders(key: string, nowMs: number): Promise<string[]>;
  /** Every lease of every key goes: every session of every account ended (operator command). */
  releaseAll(): Promise<void>;
  /** Unexpired leases of every key: the streams playing now (/metrics, read at each scrape). */
  countActive(nowMs: number): Promise<number>;
  /** Unexpired leases of every key by what they play (the last stream each holder took). */
  activeByKind(nowMs: number): Promise<CountsByKind>;
}

export function createMemoryDeviceLeaseStore(): DeviceLeaseStore {
  const leases = new Map<string, Map<string, number>>();
  const kinds = new Map<string, StreamKind>();
  const kindKey = (key: string, holder: string) => `${key}\u0000${holder}`;

  function liveLeases(key: string, nowMs: number): Map<string, number> {
    const held = leases.get(key) ?? new Map<string, number>();
    for (const [holder, expiresAt] of held)
      if (expiresAt <= nowMs) {
        held.delete(holder);
        kinds.delete(kindKey(key, holder));
      }
    if (held.size === 0) leases.delete(key);
    return held;
  }

  return {
    async take(key, holder, { limit, ttlMs, nowMs, kind = 'vod' }) {
      // Accounts that stopped watching are swept now and then, so the map holds the active ones.
      if (leases.size > 10_000) for (const other of [...leases.keys()]) liveLeases(other, nowMs);
      const held = liveLeases(key, nowMs);
      if (!held.has(holder) && held.size >= limit) return { granted: false, holders: [...held.keys()] };
      held.set(holder, nowMs + ttlMs);
      kinds.set(kindKey(key, holder), kind);
      leases.set(key, held);
      return { granted: true };
    },
    async renew(key, holder, { ttlMs, nowMs }) {
      const held = liveLeases(key, nowMs);
      if (!held.has(holder)) return false;
      held.set(holder, nowMs + ttlMs);
      return true;
    },
    async release(key, holders) {
      const held = leases.get(key);
      if (!held) return;
      for (const holder of holders) {
        held.delete(holder);
        kinds.delete(kindKey(key, holder));
      }
      if (held.size === 0) leases.delete(key);
    },
    async holders(key, nowMs) {
      return [...liveLeases(key, nowMs).keys()];
    },
    async releaseAll() {
      leases.clear();
      kinds.clear();
    },
    async countActive(nowMs) {
      let count = 0;
      for (const key of [...leases.keys()]) count += liveLeases(key, nowMs).size;
      return count;
    },
    async activeByKind(nowMs) {
      const counts: CountsByKind = { vod: 0, live: 0, event: 0 };
      for (const key of [...leases.keys()])
        for (const holder of liveLeases(key, nowMs).keys()) counts[kinds.get(kindKey(key, holder)) ?? 'vod'] += 1;
      return counts;
    },
  };
}
