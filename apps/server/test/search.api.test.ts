import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../src/modules/catalogue/search.repository';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Result {
  type: string;
  Content?: { title: string };
  ContentList?: { name: string };
  Channel?: { name: string };
}
const call = async (query: string) => {
  const res = await t.app.inject({ url: `/api/1.2/search?${query}` });
  return { status: res.statusCode, body: res.json() };
};
const search = async (keywords: string, extra = '') =>
  (await call(`keywords=${encodeURIComponent(keywords)}${extra}`)).body.Response;
const names = (results: Result[]) =>
  results.map((r) => r.Content?.title ?? r.ContentList?.name ?? r.Channel?.name ?? '');

describe('search (spec 2 §7 /search, decision 013)', () => {
  it('ignores accents and case: "ete" and "ÉTÉ" find "L\'Été indien"', async () => {
    expect(names((await search('ete')).Results)[0]).toBe("L'Été indien");
    expect(names((await search('ÉTÉ INDIEN')).Results)[0]).toBe("L'Été indien");
  });

  it('matches the start of a word while the viewer types: "aur" finds "Les Aurores"', async () => {
    const { Results, Collection } = await search('aur');
    expect(names(Results)).toContain('Les Aurores');
    expect(Collection.map((c: { title: string }) => c.title)).toContain('Les Aurores');
  });

  it('ranks title matches before matches in descriptions', async () => {
    const found = names((await search('aurore')).Results);
    // "Les Aurores" has it in its title; "Lumières du Nord" only in its description.
    expect(found.indexOf('Les Aurores')).toBeLessThan(found.indexOf('Lumières du Nord'));
  });

  it('finds series, channels and people', async () => {
    const series = (await search('brigade')).Results as Result[];
    expect(series.some((r) => r.type === 'ContentList' && r.ContentList?.name === 'Brigade du Port')).toBe(true);
    // Episodes are found by the name of their series too.
    expect(series.some((r) => r.type === 'Content')).toBe(true);
    const channel = (await search('jazz')).Results as Result[];
    expect(channel.some((r) => r.type === 'Channel' && r.Channel?.name === 'Jazz & Co')).toBe(true);
    expect(names((await search('etcheverry')).Results)).toEqual(
      expect.arrayContaining(["L'Été indien", 'Marée haute']),
    );
  });

  it('forgives a short typo when nothing matches exactly', async () => {
    expect(names((await search('aurorse')).Results)).toContain('Les Aurores');
    expect(names((await search('periferique')).Results)).toContain('Périphérique');
  });

  it('pages results and tells the total', async () => {
    const all = await search('sketch', '&page_size=50');
    expect(all.Total).toBeGreaterThanOrEqual(4);
    const first = await search('sketch', '&page=1&page_size=2');
    const second = await search('sketch', '&page=2&page_size=2');
    expect(first).toMatchObject({ Page: 1, PageSize: 2, Total: all.Total });
    expect(first.Results).toHaveLength(2);
    expect(names(second.Results)).toEqual(names(all.Results).slice(2, 4));
  });

  it('answers 2 for an empty query and 3 for one over 100 characters or a bad page', async () => {
    expect((await call('keywords=')).body.Error.Number).toBe(2);
    expect((await call('keywords=%20%20')).body.Error.Number).toBe(2);
    expect((await call('')).body.Error.Number).toBe(2);
    expect((await call(`keywords=${'a'.repeat(101)}`)).body.Error.Number).toBe(3);
    expect((await call('keywords=ete&page=0')).body.Error.Number).toBe(3);
    expect((await call('keywords=ete&page_size=500')).body.Error.Number).toBe(3);
  });

  it('never answers a 5xx to full-text syntax in the query', async () => {
    for (const keywords of ['"', 'ete"*', 'NEAR(a b)', 'a OR', '^*', "l'été:*", '-ete', '()', '&|!']) {
      const { status, body } = await call(`keywords=${encodeURIComponent(keywords)}`);
      expect(status, keywords).toBeLessThan(500);
      expect(body.Error.Number, keywords).toBe(0);
    }
  });

  it('decision 013: rebuilds at the same instant (editors saving, nodes starting) each finish and leave one document per item', async () => {
    const { db, dialect } = t.database;
    // On PostgreSQL the later rebuilds' DELETE did not see the first's new rows and their INSERT
    // met them as a unique violation, unless the rebuilds wait for one another.
    const counts = await Promise.all([1, 2, 3, 4].map(() => rebuildSearchIndex(db, dialect)));
    expect(new Set(counts).size).toBe(1);
    expect(names((await search('ete')).Results)[0]).toBe("L'Été indien");
    expect((await search('ete')).Results.filter((r: Result) => r.Content?.title === "L'Été indien")).toHaveLength(1);
  });
});

describe('a query with nothing searchable finds nothing (spec 2 §7, decision 013)', () => {
  it.each(['!!!', '&|!', '¡¿?…', '-- // --', '💥'])(
    'keywords=%j: no result (was the whole catalogue)',
    async (keywords) => {
      const { status, body } = await call(`keywords=${encodeURIComponent(keywords)}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ Error: { Number: 0 }, Response: { Collection: [], Results: [], Total: 0 } });
    },
  );

  it('punctuation beside a word does not widen it: "été !!!" finds what "été" finds', async () => {
    expect((await search('été !!!')).Total).toBe((await search('été')).Total);
  });
});
