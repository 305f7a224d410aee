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

/**
 * Counters kept in memory are bounded: the keys are chosen by callers (a login and an
 * address per log-in attempt), so past `maxEntries` the least recently counted keys go first. A
 * key dropped that way starts again at 0, which costs an attacker at least `maxEntries` fresh
 * counted attempts to reach, each refused by the per-address limits long before.
 */
export const MEMORY_RATE_LIMIT_MAX_ENTRIES = 100_000;

export function createMemoryRateLimitStore(maxEntries = MEMORY_RATE_LIMIT_MAX_ENTRIES): RateLimitStore {
  // A Map keeps insertion order: re-inserting a key on every hit makes the first key the least
  // recently counted one, and windows long over drift to the front by themselves.
  const counters = new Map<string, { windowStart: number; count: number }>();
  return {
    async increment(key, windowStart) {
      const entry = counters.get(key);
      counters.delete(key);
      const count = entry && entry.windowStart === windowStart ? entry.count + 1 : 1;
      counters.set(key, { windowStart, count });
      while (counters.size > maxEntries) {
        const oldest = counters.keys().next().value;
        if (oldest === undefined) break;
        counters.delete(oldest);
      }
      return count;
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
    /** The attempts counted against `key` in its current window, counting none. */
    count: (key: string, rule: RateLimitRule) => store.get(key, Math.floor(now() / rule.windowMs) * rule.windowMs),
    /** Forget the attempts (after a success, e.g. a right parental code). */
    reset: (key: string) => store.reset(key),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
