import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { get } from './accounts-test-support';

// Decision 117: a series is found by its title in each language an editor wrote it in, as a
// content is (decision 107) — by the viewers' search (and its episodes by their series' name),
// and by the console's series list, which finds an unpublished series too.

let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
let keepersId: number;
let wreckersId: number;
let episodeId: number;

const keepers = {
  fr: { title: 'Les Gardiens du phare', synopsis: 'Trois gardiens, une tempête.' },
  en: { title: 'The Lighthouse Keepers', synopsis: '' },
  nl: { title: 'De Vuurtorenwachters', synopsis: '' },
  es: { title: 'Los guardianes del faro', synopsis: '' },
};
const wreckers = {
  fr: { title: 'Les Naufrageurs', synopsis: '' },
  en: { title: 'The Wreckers', synopsis: '' },
  nl: { title: 'De Strandjutters', synopsis: '' },
  es: { title: 'Los Náufragos de Sálvora', synopsis: '' },
};

type Result = { type: string; ContentList?: { ID: number; name: string }; Content?: { contentID: number } };
const search = async (keywords: string, locale: string) => {
  const res = await t.app.inject(get('/search', { query: { keywords, locale } }));
  expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
  return res.json().Response.Results as Result[];
};
const seriesFound = async (keywords: string, locale: string) =>
  (await search(keywords, locale)).find((r) => r.ContentList?.ID === keepersId)?.ContentList?.name;
const consoleList = async (query: string) => {
  const res = await call('GET', `/series?${query}`, roles.editor!);
  return res.json() as {
    Error: { Number: number };
    Response: { series: { id: number; title: string; published: boolean }[]; next: number | null };
  };
};
const consoleFound = async (q: string) =>
  (await consoleList(`q=${encodeURIComponent(q)}`)).Response.series.map((s) => s.id);

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor']));
  const [film] = await t.database.db
    .selectFrom('contents')
    .select('id')
    .where('content_type', '=', 'Film')
    .where('content_list_id', 'is', null)
    .where('enabled', '=', 1)
    .orderBy('id')
    .limit(1)
    .execute();
  episodeId = film!.id;
  const ok = async (method: 'POST', url: string, payload: object) => {
    const res = await call(method, url, roles.editor!, payload);
    expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
    return res.json().Response.series as { id: number; seasons: { id: number }[] };
  };
  keepersId = (await ok('POST', '/series', { texts: keepers, rating: 0 })).id;
  const seasonId = (await ok('POST', `/series/${keepersId}/seasons`, {})).seasons[0]!.id;
  await ok('POST', `/seasons/${seasonId}/episodes`, { contentId: episodeId });
  await ok('POST', `/series/${keepersId}/publish`, {});
  // Left unpublished: the viewers never find it, the console does.
  wreckersId = (await ok('POST', '/series', { texts: wreckers, rating: 0 })).id;
});
afterAll(() => t.close());

describe('decision 117: a series found by its translated title (spec 2 §7 search, console series list)', () => {
  it('spec 2 GET /search: each language finds the series by its own title and shows that title', async () => {
    expect(await seriesFound('lighthouse keepers', 'en')).toBe('The Lighthouse Keepers');
    expect(await seriesFound('vuurtorenwachters', 'nl')).toBe('De Vuurtorenwachters');
    expect(await seriesFound('guardianes faro', 'es')).toBe('Los guardianes del faro');
    expect(await seriesFound('gardiens du phare', 'fr')).toBe('Les Gardiens du phare');
    // Found by a title of another language too, shown in the viewer's.
    expect(await seriesFound('lighthouse', 'fr')).toBe('Les Gardiens du phare');
  });

  it("spec 2 GET /search: an episode is found by its series' translated name; an unpublished series is not", async () => {
    const results = await search('vuurtorenwachters', 'nl');
    expect(results.some((r) => r.Content?.contentID === episodeId)).toBe(true);
    for (const keywords of ['wreckers', 'strandjutters', 'naufragos salvora', 'naufrageurs'])
      expect((await search(keywords, 'en')).some((r) => r.ContentList?.ID === wreckersId)).toBe(false);
  });

  it('spec console §Catalogue GET /api/admin/series?q: found by a word beginning in fr, en, nl or es, published or not', async () => {
    expect(await consoleFound('lighthouse')).toEqual([keepersId]);
    expect(await consoleFound('Vuurtoren')).toEqual([keepersId]);
    expect(await consoleFound('guardianes faro')).toEqual([keepersId]);
    expect(await consoleFound('gardiens')).toEqual([keepersId]);
    // Folded as search folds: no accents, no case; every word must begin a word of one title set.
    expect(await consoleFound('NAUFRAGOS sálv')).toEqual([wreckersId]);
    expect(await consoleFound('wreck')).toEqual([wreckersId]);
    expect(await consoleFound('strandjutters')).toEqual([wreckersId]);
    expect(await consoleFound('ighthouse')).toEqual([]);
    expect(await consoleFound('!!')).toEqual([]);
    const wrecked = (await consoleList('q=wreckers')).Response.series[0]!;
    expect(wrecked).toMatchObject({ id: wreckersId, title: 'Les Naufrageurs', published: false });
  });

  it('spec console §Catalogue GET /api/admin/series?q: newest first, a page at a time', async () => {
    // Both Spanish titles begin with "Los": "los" finds both, newest first.
    const first = (await consoleList('q=los&limit=1')).Response;
    expect(first.series.map((s) => s.id)).toEqual([wreckersId]);
    expect(first.next).toBe(wreckersId);
    const second = (await consoleList(`q=los&limit=1&after=${first.next}`)).Response;
    expect(second.series.map((s) => s.id)).toEqual([keepersId]);
    expect(second.next).toBeNull();
  });

  it('spec console §Catalogue GET /api/admin/series?q: a one-letter search is refused with 3, not a 5xx', async () => {
    const res = await call('GET', '/series?q=a', roles.editor!);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().Error.Number).toBe(3);
  });
});
