import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Setting bumped by every change of the catalogue (import); cache keys carry it (decision 013). */
export const CATALOGUE_VERSION_KEY = 'catalogue.version';

/** How often a server re-reads the version: an import shows within this delay on every node. */
export const VERSION_CHECK_MS = 2000;
const MAX_ENTRIES = 2000;

export async function bumpCatalogueVersion(db: Kysely<Database>): Promise<string> {
  const value = JSON.stringify(`${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
  await db
    .insertInto('settings')
    .values({ key: CATALOGUE_VERSION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return value;
}

/**
 * In-process cache of catalogue reads. Entries die with a new catalogue version or after their
 * own time to live (rows that depend on the clock: what is on air, the last hours).
 */
export function createCatalogueCache(db: Kysely<Database>, clock: () => number = Date.now) {
  const entries = new Map<
    string,
    { version: string; expiresAt: number; value: Promise<unknown>; settled?: { value: unknown } }
  >();
  let version = '';
  let checkedAt = -Infinity;
  let pending: Promise<string> | null = null;

  async function currentVersion(): Promise<string> {
    if (clock() - checkedAt < VERSION_CHECK_MS) return version;
    pending ??= db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', CATALOGUE_VERSION_KEY)
      .executeTakeFirst()
      .then((row) => {
        version = row?.value ?? '';
        checkedAt = clock();
        return version;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  return {
    async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const v = await currentVersion();
      const hit = entries.get(key);
      if (hit && hit.version === v && hit.expiresAt > clock()) return hit.value as Promise<T>;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const value = load();
      const entry: { version: string; expiresAt: number; value: Promise<unknown>; settled?: { value: unknown } } = {
        ...{ version: v, expiresAt: clock() + ttlMs, value },
      };
      entries.set(key, entry);
      // A failed load is not kept: the next call tries again. A loaded one is kept readable at
      // once too, for peek.
      value.then(
        (loaded) => void (entry.settled = { value: loaded }),
        () => entries.delete(key),
      );
      return value;
    },
    /**
     * What `get` would resolve to now, when that is known without waiting: the version was read
     * less than VERSION_CHECK_MS ago and the entry is of that version, unexpired and loaded.
     * Undefined otherwise (then `get` reads what is missing). For answers made before routing
     * (decision 097), which must not differ from the route's `get`.
     */
    peek<T>(key: string): T | undefined {
      if (clock() - checkedAt >= VERSION_CHECK_MS) return undefined;
      const hit = entries.get(key);
      if (!hit?.settled || hit.version !== version || hit.expiresAt <= clock()) return undefined;
      return hit.settled.value as T;
    },
    /** Drops everything now (this process changed the catalogue). */
    clear() {
      entries.clear();
      checkedAt = -Infinity;
    },
  };
}
export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
