import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { get } from './accounts-test-support';

// Spec 1 §6 family safety (decisions 059, 064, 082): the apps draw the CSA badge on every card and
// live line from the list answers themselves, so each content, series, season and programme those
// answers hold carries its rating, not only the content's own page.

const NOW = new Date('2026-11-22T21:10:00Z');
let t: TestApp;
let adult: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  adult = await logInAs(t.app, 'abonne@playz.fr');
});
afterAll(() => t.close());

const answer = async (path: string, query?: Record<string, string>) => {
  const res = await t.app.inject(get(path, { cookie: adult, ...(query ? { query } : {}) }));
  expect(res.json().Error.Number, `${path}: ${res.body.slice(0, 200)}`).toBe(0);
  return res.json().Response as unknown;
};

interface Found {
  items: number;
  unrated: string[];
  rated: number[];
}
/** Every content (contentID) and list (a Series, Season or Default) of an answer, and those without a rating. */
function walk(value: unknown, at: string, found: Found = { items: 0, unrated: [], rated: [] }): Found {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}[${i}]`, found));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return found;
  const item = value as Record<string, unknown>;
  const isContent = typeof item.contentID === 'number' && typeof item.contentType === 'string';
  const isList = typeof item.ID === 'number' && ['Series', 'Season', 'Default'].includes(String(item.type));
  if (isContent || isList) {
    found.items++;
    if (typeof item.rating === 'number') found.rated.push(item.rating);
    else found.unrated.push(`${at} ${String(item.title ?? item.name)}`);
  }
  for (const [key, v] of Object.entries(item)) walk(v, `${at}.${key}`, found);
  return found;
}

describe('spec 1 §6 every list answer carries the ratings its cards show (decision 082)', () => {
  it('spec 2 §7 /page/home/rows, /search, /series: cards of rows and results', async () => {
    for (const [path, query] of [
      ['/page/home/rows', { with_data: '1' }],
      ['/search', { keywords: 'brigade' }],
      ['/search', { keywords: 'ciel feu' }],
      ['/series', undefined],
    ] as const) {
      const found = walk(await answer(path, query), path);
      expect(found.items, path).toBeGreaterThan(0);
      expect(found.unrated, path).toEqual([]);
    }
    // The demo's -16 film and -12 series are found rated as such.
    expect(walk(await answer('/search', { keywords: 'ciel feu' }), 'search').rated).toContain(16);
    expect(walk(await answer('/search', { keywords: 'brigade' }), 'search').rated).toContain(12);
  });

  it('spec 2 §7 /category/{id}, /content-collection/{id}: the other catalogue’s pages', async () => {
    const { Categories } = (await answer('/categories/')) as { Categories: { ID: number }[] };
    expect(Categories.length).toBeGreaterThan(0);
    for (const category of Categories) {
      const found = walk(await answer(`/category/${category.ID}`), `category ${category.ID}`);
      expect(found.unrated).toEqual([]);
    }
    const rows = (await answer('/page/home/rows', { with_data: '1' })) as {
      Rows: { data: { ContentCollection?: { ID: number } } | null }[];
    };
    const collections = rows.Rows.flatMap((row) =>
      row.data?.ContentCollection ? [row.data.ContentCollection.ID] : [],
    );
    expect(collections.length).toBeGreaterThan(0);
    for (const id of collections) {
      const found = walk(await answer(`/content-collection/${id}`), `collection ${id}`);
      expect(found.items).toBeGreaterThan(0);
      expect(found.unrated).toEqual([]);
    }
  });

  it('spec 2 §7 /channels, /channel/{id}/schedule, /replay/*: programmes on air, in the guide and in replay', async () => {
    const channels = walk(await answer('/channels'), 'channels');
    expect(channels.items).toBeGreaterThan(0);
    expect(channels.unrated).toEqual([]);
    const query = { date_from: '2026-11-22T00:00:00Z', date_to: '2026-11-23T00:00:00Z' };
    const guide = walk(await answer('/channel/13/schedule', query), 'schedule');
    expect(guide.unrated).toEqual([]);
    // Polar's evening -16 programme (decision 059's demo ratings) is in its guide, rated.
    expect(guide.rated).toContain(16);
    for (const path of ['/replay/channels', '/replay/genres', '/replay/last-hours', '/replay/films']) {
      const found = walk(await answer(path), path);
      expect(found.items, path).toBeGreaterThan(0);
      expect(found.unrated, path).toEqual([]);
    }
  });
});
