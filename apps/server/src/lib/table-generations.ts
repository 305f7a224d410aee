import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db } from '../db/connect';
import { connectRedis } from './redis-client';
import { ANY_TABLE } from '../db/table-writes';

/**
 * A counter per table, moved by every committed write to it (db/table-writes), read before a
 * cached read: an entry is good while the counters of the tables it read have not moved
 * (lib/generation-cache). With REDIS_URL the counters live in Redis, so a write on one API node
 * retires the entries of every node before the write's answer leaves.
 */
export interface TableGenerations {
  /** The counters of `tables` (and of "any table"), as one comparable stamp; null: do not cache. */
  stamp(tables: readonly string[]): Promise<string | null>;
  /**
   * The same stamp without waiting, where the counters are in this process; absent where they
   * are not (Redis: every stamp is a round trip, so callers take the async way).
   */
  peekStamp?(tables: readonly string[]): string | null;
  bump(tables: ReadonlySet<string>): Promise<void>;
}

/**
 * Counters in this process (one API node). `externalWrites` is SQLite's data_version: it moves
 * when another process commits to the file, which this process's write tracking cannot see.
 */
export function createMemoryTableGenerations(externalWrites?: () => number): TableGenerations {
  const counters = new Map<string, number>();
  /** Bumps so far: a caller's stamp is made again only when this or `externalWrites` moved. */
  let bumps = 0;
  const made = new WeakMap<readonly string[], { bumps: number; external: number; stamp: string }>();
  function peekStamp(tables: readonly string[]): string {
    const external = externalWrites?.() ?? 0;
    const kept = made.get(tables);
    if (kept && kept.bumps === bumps && kept.external === external) return kept.stamp;
    const stamp = [external, ...[ANY_TABLE, ...tables].map((t) => counters.get(t) ?? 0)].join(',');
    made.set(tables, { bumps, external, stamp });
    return stamp;
  }
  return {
    stamp: async (tables) => peekStamp(tables),
    peekStamp,
    bump: async (tables) => {
      for (const table of tables) counters.set(table, (counters.get(table) ?? 0) + 1);
      bumps++;
    },
  };
}

const KEY = (table: string) => `table-generation:${table}`;

/**
 * Counters in Redis. A counter Redis does not have (first use, or Redis restarted empty) is
 * started at a random 48-bit value, never at 0: a counter that started again from a number it
 * had before could bring a stale entry back to life. While Redis cannot be reached nothing is
 * cached (null stamp) and writes go on. A bump that could not reach Redis is kept and made
 * before the next stamp is read: a Redis that comes back WITH its counters (append-only file, or
 * a network cut rather than a restart) would otherwise give the entries cached before the outage
 * their old stamp again, and serve the rows written during it (found by the security suite's
 * Redis restart, docs/reliability.md). The held-back bumps are made when the connection is ready again (and
 * before any stamp); until then other nodes may serve what they had, which the entries' short
 * lifetime (lib/generation-cache) bounds.
 */
export function createRedisTableGenerations(redis: Redis, onError: (error: Error) => void): TableGenerations {
  /** Tables written while Redis could not be told. */
  const unannounced = new Set<string>();
  async function incr(tables: Iterable<string>) {
    const pipeline = redis.pipeline();
    // A counter Redis lost starts again from a random value, not from 1 (see above).
    for (const table of tables) pipeline.set(KEY(table), String(randomInt(2 ** 47)), 'NX').incr(KEY(table));
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error)?.[0];
    if (failed) throw failed;
  }
  /** Makes the bumps an outage held back; false while Redis still cannot be reached. */
  async function announceHeldBack(): Promise<boolean> {
    if (unannounced.size === 0) return true;
    const tables = [...unannounced];
    try {
      await incr(tables);
      for (const table of tables) unannounced.delete(table);
      return true;
    } catch (error) {
      onError(error as Error);
      return false;
    }
  }
  // Told as soon as the connection is back, so the other nodes need not wait for this one's next
  // read or write to see what it wrote during the outage.
  redis.on('ready', () => void announceHeldBack());
  return {
    async stamp(tables) {
      const names = [ANY_TABLE, ...tables];
      if (!(await announceHeldBack())) return null;
      try {
        const values = await redis.mget(names.map(KEY));
        const missing = names.filter((_, i) => values[i] === null);
        if (missing.length === 0) return values.join(',');
        const pipeline = redis.pipeline();
        for (const name of missing) pipeline.set(KEY(name), String(randomInt(2 ** 47)), 'NX');
        await pipeline.exec();
        return null; // the next read caches
      } catch (error) {
        onError(error as Error);
        return null;
      }
    },
    async bump(tables) {
      try {
        const all = new Set([...unannounced, ...tables]);
        await incr(all);
        for (const table of all) unannounced.delete(table);
      } catch (error) {
        for (const table of tables) unannounced.add(table);
        onError(error as Error);
      }
    },
  };
}

/**
 * The counters of this API node: in Redis when there is one, else in process. Every committed
 * write of `database` moves them; `stop()` unhooks (app close).
 */
export function connectTableGenerations(opts: { database: Db; redis: Redis | null; onError: (error: Error) => void }): {
  generations: TableGenerations;
  stop(): void;
} {
  const generations = opts.redis
    ? createRedisTableGenerations(opts.redis, opts.onError)
    : createMemoryTableGenerations(opts.database.externalWrites);
  const stop = opts.database.onTableWrites((tables) => generations.bump(tables));
  return { generations, stop };
}

/**
 * For processes that write without serving (start-up seeding, the `accounts`, `billing` and
 * `import` commands): with REDIS_URL their writes move the API nodes' counters too, so no node
 * keeps a cached read of a row they changed. Without Redis, SQLite's data_version tells the one
 * API node. Returns what undoes it.
 */
export async function announceWritesToApiNodes(
  database: Db,
  redisUrl: string | null,
  keyPrefix = 'playz:',
): Promise<() => Promise<void>> {
  if (!redisUrl) return async () => {};
  const redis = await connectRedis(redisUrl, { keyPrefix });
  const { stop } = connectTableGenerations({
    database,
    redis,
    onError: (error) => console.error(`Could not tell the API nodes of a write: ${error.message}`),
  });
  return async () => {
    stop();
    await redis.quit().catch(() => redis.disconnect());
  };
}
