import type { TableGenerations } from './table-generations';

/**
 * The longest an entry is used, whatever the counters say: a backstop for a bump lost while
 * Redis could not be reached (lib/table-generations). Short enough that such a miss heals
 * quickly, long enough that a viewer's page loads and stream calls share one read.
 */
const MAX_AGE_MS = 30_000;

/**
 * A read-through cache whose entries are good while the tables they were read from have not
 * been written (lib/table-generations). The stamp is taken BEFORE the read, so a write that
 * lands during the read leaves the entry under a stamp that no longer matches.
 */
export function createGenerationCache<V>(opts: {
  generations: TableGenerations;
  tables: readonly string[];
  maxEntries: number;
  now?: () => number;
  /** Which loaded values are kept (default: all); e.g. not the misses of a guessable key. */
  keep?: (value: V) => boolean;
}) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string | number, { stamp: string; at: number; value: V }>();
  return {
    /**
     * What `get` would give now without waiting (decision 124): the kept value when the counters
     * can be read in this process and have not moved; undefined otherwise (Redis counters, no
     * entry, a stale one), and the caller takes `get`. The stamp is read here as there.
     */
    peek(key: string | number): V | undefined {
      const stamp = opts.generations.peekStamp?.(opts.tables);
      if (stamp === undefined || stamp === null) return undefined;
      const entry = entries.get(key);
      if (entry && entry.stamp === stamp && now() - entry.at < MAX_AGE_MS) return entry.value;
      return undefined;
    },
    async get(key: string | number, load: () => Promise<V>): Promise<V> {
      const stamp = await opts.generations.stamp(opts.tables);
      const entry = entries.get(key);
      if (stamp !== null && entry && entry.stamp === stamp && now() - entry.at < MAX_AGE_MS) return entry.value;
      const value = await load();
      if (stamp === null || (opts.keep && !opts.keep(value))) return value;
      entries.delete(key); // re-inserted last: the oldest entries are forgotten first
      entries.set(key, { stamp, at: now(), value });
      if (entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}
