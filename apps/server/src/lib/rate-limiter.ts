/**
 * Fixed-window attempt counters, keyed by what is being protected ("login:ip:1.2.3.4",
 * "login:account:a@b.fr", "parental:customer:12"). The store is in process by default and in
 * Redis with REDIS_URL (lib/redis-rate-limit-store.ts), so every API node behind a load balancer
 * counts against the same numbers (ARCHITECTURE decision 2, docs/decisions/018).
 */
export interface RateLimitStore {
  /**
   * Adds one hit in the window that starts at `windowStart` and returns the count so far. One
   * atomic step: two nodes counting at once never both read the same count.
   */
  increment(key: string, windowStart: number, windowMs: number): Promise<number>;
  /** The count of the window that starts at `windowStart` (0 once another window began). */
  get(key: string, windowStart: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  remaining: number;
  /** When the window ends (ms since epoch). */
  resetAt: number;
}

export function createMemoryRateLimitStore(): RateLimitStore {
  const counters = new Map<string, { windowStart: number; count: number; expiresAt: number }>();
  return {
    async increment(key, windowStart, windowMs) {
      const entry = counters.get(key);
      if (!entry || entry.windowStart !== windowStart) {
        counters.set(key, { windowStart, count: 1, expiresAt: windowStart + windowMs });
        // Old windows are dropped as new ones start, so the map stays as big as the active keys.
        if (counters.size > 10_000) {
          const now = Date.now();
          for (const [k, v] of counters) if (v.expiresAt < now) counters.delete(k);
        }
        return 1;
      }
      entry.count += 1;
      return entry.count;
    },
    async get(key, windowStart) {
      const entry = counters.get(key);
      return entry?.windowStart === windowStart ? entry.count : 0;
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}

export function createRateLimiter(store: RateLimitStore, now: () => number = Date.now) {
  return {
    /** Counts one attempt against `key` and says whether it may go ahead. */
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
      const t = now();
      const windowStart = Math.floor(t / rule.windowMs) * rule.windowMs;
      const count = await store.increment(key, windowStart, rule.windowMs);
      return {
        allowed: count <= rule.max,
        remaining: Math.max(0, rule.max - count),
        resetAt: windowStart + rule.windowMs,
      };
    },
    /** Forget the attempts (after a success, e.g. a right parental code). */
    reset: (key: string) => store.reset(key),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
