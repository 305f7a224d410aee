import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { createCatalogueCache, VERSION_CHECK_MS } from './catalogue-cache';

/** The settings read of the catalogue version, and nothing else, over a version we set. */
function fakeDb(state: { version: string; reads: number }) {
  const query = {
    select: () => query,
    where: () => query,
    executeTakeFirst: async () => {
      state.reads++;
      return { value: state.version };
    },
  };
  return { selectFrom: () => query } as unknown as Kysely<Database>;
}

// Decision 097: answers made before routing peek at the catalogue cache; they must never see
// what the cache's own get would not give now (decision 013).
describe('spec 2 §7 the catalogue cache peeks only at what get would give now (decision 097)', () => {
  it('gives a loaded entry of the current version, nothing before it is loaded or once the version is old', async () => {
    const state = { version: 'v1', reads: 0 };
    let now = 1_000_000;
    const cache = createCatalogueCache(fakeDb(state), () => now);
    expect(cache.peek('content:1')).toBeUndefined();
    let release: ((value: { title: string }) => void) | undefined;
    const loading = cache.get('content:1', 60_000, () => new Promise<{ title: string }>((r) => (release = r)));
    // The load starts once the version is read: wait for it, then look before it settles.
    while (!release) await new Promise((r) => setImmediate(r));
    expect(cache.peek('content:1')).toBeUndefined();
    release({ title: 'A' });
    const loaded = await loading;
    expect(cache.peek('content:1')).toBe(loaded);
    // Past the version check, peek does not know: get reads the version again.
    now += VERSION_CHECK_MS;
    expect(cache.peek('content:1')).toBeUndefined();
    state.version = 'v2';
    const reloaded = await cache.get('content:1', 60_000, async () => ({ title: 'B' }));
    expect(reloaded).toEqual({ title: 'B' });
    expect(cache.peek('content:1')).toBe(reloaded);
  });

  it('gives nothing past an entry’s time to live, after clear, or for a load that failed', async () => {
    const state = { version: 'v1', reads: 0 };
    let now = 5_000_000;
    const cache = createCatalogueCache(fakeDb(state), () => now);
    await cache.get('rows', 1_000, async () => ['on air']);
    expect(cache.peek('rows')).toEqual(['on air']);
    now += 1_000;
    expect(cache.peek('rows')).toBeUndefined();
    await cache.get('content:2', 60_000, async () => ({ title: 'C' }));
    cache.clear();
    expect(cache.peek('content:2')).toBeUndefined();
    await expect(cache.get('content:3', 60_000, () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(cache.peek('content:3')).toBeUndefined();
  });
});
