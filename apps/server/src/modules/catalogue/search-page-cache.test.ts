import { describe, expect, it, vi } from 'vitest';
import { cacheSearchPages } from './search-page-cache';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createCatalogueCache, VERSION_CHECK_MS } from './catalogue-cache';
import type { SearchService } from './search.service';

/** The real catalogue cache over a settings table holding only the version, which the test changes. */
function realCache() {
  let version = 1;
  let now = 0;
  const row = { executeTakeFirst: async () => ({ value: String(version) }) };
  const db = { selectFrom: () => ({ select: () => ({ where: () => row }) }) } as unknown as Kysely<Database>;
  const cache = createCatalogueCache(db, () => now);
  // A new version is read once VERSION_CHECK_MS has passed.
  return { cache, bump: () => ((version += 1), (now += VERSION_CHECK_MS)) };
}

describe('search answers kept per input (decision 110; spec 2 §7)', () => {
  it('spec 2 §7: the same query, page, language and kind of viewer is built once per catalogue version', async () => {
    const search = vi.fn(async (input: Parameters<SearchService['search']>[0]) => ({
      Collection: [],
      Results: [],
      Total: input.keywords.length,
      Page: Number(input.page ?? 1),
      PageSize: 20,
    }));
    const { cache, bump } = realCache();
    const cached = cacheSearchPages({ search }, cache);
    const first = await cached.search({ keywords: 'nuit', locale: 'fr' });
    expect(await cached.search({ locale: 'fr', keywords: 'nuit' })).toBe(first);
    expect(search).toHaveBeenCalledTimes(1);
    // Another page, language, kind of viewer or query is another answer.
    await cached.search({ keywords: 'nuit', locale: 'en' });
    await cached.search({ keywords: 'nuit', locale: 'fr', kids: true });
    await cached.search({ keywords: 'nuit', locale: 'fr', page: '2' });
    await cached.search({ keywords: 'nuits', locale: 'fr' });
    expect(search).toHaveBeenCalledTimes(5);
    // A new catalogue version builds it again.
    bump();
    await cached.search({ keywords: 'nuit', locale: 'fr' });
    expect(search).toHaveBeenCalledTimes(6);
  });

  it('spec 2 §8: a refused search (3) is refused again, never kept', async () => {
    const search = vi.fn(
      async (_input: Parameters<SearchService['search']>[0]): ReturnType<SearchService['search']> => {
        throw new Error('bad parameter');
      },
    );
    const cached = cacheSearchPages({ search }, realCache().cache);
    await expect(cached.search({ keywords: 'x'.repeat(101) })).rejects.toThrow('bad parameter');
    await expect(cached.search({ keywords: 'x'.repeat(101) })).rejects.toThrow('bad parameter');
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('spec 2 §7: the route gets the answer as bytes kept per input, the same bytes each time, as the answer serialises', async () => {
    const answer = { Collection: [], Results: [], Total: 3, Page: 1, PageSize: 20 };
    const search = vi.fn(async (_input: Parameters<SearchService['search']>[0]) => answer);
    const { cache, bump } = realCache();
    const cached = cacheSearchPages({ search }, cache);
    const first = await cached.searchJson({ keywords: 'nuit', locale: 'fr' });
    expect(first.kept).toBe(true);
    expect(JSON.parse(first.json.toString('utf8'))).toEqual(answer);
    // Asked again, the same bytes (so the envelope made around them is reused too).
    expect((await cached.searchJson({ locale: 'fr', keywords: 'nuit' })).json).toBe(first.json);
    expect(search).toHaveBeenCalledTimes(1);
    await cached.searchJson({ keywords: 'nuit', locale: 'nl' });
    expect(search).toHaveBeenCalledTimes(2);
    bump();
    expect((await cached.searchJson({ keywords: 'nuit', locale: 'fr' })).json).not.toBe(first.json);
    expect(search).toHaveBeenCalledTimes(3);
  });
});
