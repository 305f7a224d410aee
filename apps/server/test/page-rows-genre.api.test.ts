import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';

const NOW = new Date('2026-11-22T12:10:00Z');
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  cookie = await logInAs(t.app, 'abonne@playz.fr');
});
afterAll(() => t.close());

interface Row {
  rowType: string;
  typeID: number | null;
  data: Record<string, unknown> | null;
}
type Item = { metadata?: Record<string, string | number>; genre?: string; title?: string; name?: string };

const call = (url: string) => t.app.inject({ url: `/api/1.2${url}`, headers: { cookie } });
async function rows(query: string): Promise<Row[]> {
  const res = await call(`/page/home/rows?with_data=1${query}`);
  expect(res.json().Error.Number).toBe(0);
  return res.json().Response.Rows;
}
const rowOf = (all: Row[], rowType: string) => all.find((r) => r.rowType === rowType)!.data!;
const titles = (items: unknown) => (items as Item[]).map((i) => i.title ?? i.name);
const genres = (items: unknown) => new Set((items as Item[]).map((i) => i.metadata?.['Genre'] ?? i.genre));

describe('GET /page/{id}/rows with genre (spec 2 §7 "genre comedy", decision 020)', () => {
  it('keeps in every row only what is of the genre', async () => {
    const home = await rows('&genre=documentary');
    expect(genres(rowOf(home, 'Channels').Channels)).toEqual(new Set(['documentary']));
    expect(titles(rowOf(home, 'ReplayMovies').Collection).sort()).toEqual([
      'Le Ciel en feu',
      'Les Aurores',
      'Lumières du Nord',
    ]);
    expect(titles(rowOf(home, 'Series').Series)).toEqual(['Océans secrets']);
    expect(titles(rowOf(home, 'ReplaySeries').Series)).toEqual(['Océans secrets']);
    // "À la une": the documentary film and the Documentaire category; the nested collection goes.
    const featured = rowOf(home, 'ContentCollection').ContentCollection as { items: Record<string, Item>[] };
    expect(featured.items.map((i) => [i.type, i.Content?.title ?? i.Category?.name])).toEqual([
      ['Content', 'Les Aurores'],
      ['Category', 'Documentaire'],
    ]);
    // A policier season and the Comédie category have nothing of that genre.
    const list = rowOf(home, 'ContentList').ContentList as { contents: unknown[]; contentsCount: number };
    expect(list).toMatchObject({ contents: [], contentsCount: 0 });
    expect(rowOf(home, 'Category').Collection).toEqual([]);
    // Programmes carry their channel's genre.
    expect(genres(rowOf(home, 'ReplayLastHours').Collection)).toEqual(new Set(['documentary']));
  });

  it('reads the genre in French or English, any case or accent, as one genre', async () => {
    const english = await rows('&genre=comedy');
    for (const spelling of ['comedie', 'Comédie', 'COMEDY']) {
      expect(await rows(`&genre=${encodeURIComponent(spelling)}`)).toEqual(english);
    }
    // The Comédie category row is whole; films and channels are the comedy ones.
    const category = rowOf(english, 'Category').Collection;
    expect(category).toEqual(rowOf(await rows(''), 'Category').Collection);
    expect(titles(rowOf(english, 'ReplayMovies').Collection).sort()).toEqual([
      'Le Grand Bazar',
      'Les Bretzels de tante Odile',
      'Papa fait du camping',
    ]);
    expect(titles(rowOf(english, 'Channels').Channels)).toEqual(['Rire+']);
  });

  it('narrows the customer rows too (favourites, continue watching)', async () => {
    await call('/content/1004/set-favorite?is_favorite=1');
    await call('/content/1001/set-favorite?is_favorite=1');
    await call('/content/1008/playback/status?playback_time=30');
    await call('/content/1005/playback/status?playback_time=30');
    const comedy = await rows('&genre=comedy');
    const all = await rows('');
    // The demo subscriber has favourites and progress of their own: compare with the whole rows.
    for (const [rowType, key] of [
      ['Favorites', 'Favorites'],
      ['ContentsProcessing', 'ContentsProcessing'],
    ] as const) {
      const every = rowOf(all, rowType)[key] as Item[];
      const narrowed = rowOf(comedy, rowType)[key] as Item[];
      expect(narrowed).toEqual(every.filter((c) => c.metadata?.['Genre'] === 'comedie'));
      expect(narrowed.length).toBeLessThan(every.length);
    }
    expect(titles(rowOf(comedy, 'Favorites').Favorites)).toContain('Le Grand Bazar');
    expect(titles(rowOf(all, 'Favorites').Favorites)).toContain("L'Été indien");
    expect(titles(rowOf(comedy, 'ContentsProcessing').ContentsProcessing)).toContain('Papa fait du camping');
    expect(titles(rowOf(all, 'ContentsProcessing').ContentsProcessing)).toContain('Marée haute');
  });

  it('answers every row empty for a genre the catalogue does not have', async () => {
    const western = await rows('&genre=western');
    expect(western.map((r) => r.rowType)).toEqual((await rows('')).map((r) => r.rowType));
    for (const row of western) {
      const lists = Object.values(row.data ?? {}).map((v) =>
        Array.isArray(v)
          ? v
          : ((v as { items?: unknown[]; contents?: unknown[] }).items ?? (v as { contents: unknown[] }).contents),
      );
      expect(lists.every((l) => l.length === 0)).toBe(true);
    }
  });

  it('leaves the rows whole without a genre or with a blank one, after a genre was asked', async () => {
    await rows('&genre=comedy');
    const all = await rows('');
    expect(genres(rowOf(all, 'ReplayMovies').Collection).size).toBeGreaterThan(1);
    expect(await rows('&genre=')).toEqual(all);
  });

  it('answers rows without data when with_data is not 1, whatever the genre', async () => {
    const res = await call('/page/home/rows?genre=comedy');
    expect(res.json().Response.Rows.every((r: Row) => r.data === null)).toBe(true);
  });

  it('refuses a genre with no letter or digit (error 3)', async () => {
    const res = await call('/page/home/rows?with_data=1&genre=%21%21%21');
    expect(res.statusCode).toBe(400);
    expect(res.json().Error.Number).toBe(3);
  });
});
