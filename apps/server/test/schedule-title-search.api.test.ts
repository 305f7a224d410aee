import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchRepository, rebuildSearchIndex } from '../src/modules/catalogue/search.repository';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';

// Decision 117: the console's title search (series episodes, schedule programmes) asks the search
// index's title only, so a word found in synopses is never scored (4,358 documents scored for
// "tempete" in 20,000 contents where 1,043 titles have it). SQLite and PostgreSQL.

let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
const IN_TITLE = 990_001;
const IN_SYNOPSIS = 990_002;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor']));
  const { db } = t.database;
  const film = await db
    .selectFrom('contents')
    .selectAll()
    .where('content_type', '=', 'Film')
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('contents')
    .values([
      { ...film, id: IN_TITLE, title: 'Le Zorglub des mers', description: 'Un capitaine, un port.' },
      { ...film, id: IN_SYNOPSIS, title: 'Les Quais', description: 'Un zorglub dort sous les quais.' },
    ])
    .execute();
  await db
    .insertInto('content_lists')
    .values({
      id: 990_003,
      type: 'Series',
      name: 'Zorglub et compagnie',
      description: '',
      metadata: '{}',
      position: 0,
      rating: 0,
    })
    .execute();
  await rebuildSearchIndex(db, t.database.dialect);
});
afterAll(() => t.close());

describe('decision 117: the console finds a content by its title only (spec console §Catalogue)', () => {
  it('the index answers title matches of contents only, where the viewers’ match also has synopses and series', async () => {
    const search = createSearchRepository(t.database.db, t.database.dialect);
    const all = await search.match(['zorgl']);
    expect(all.map((h) => h.item_id)).toEqual(expect.arrayContaining([IN_TITLE, IN_SYNOPSIS, 990_003]));
    const titles = await search.matchContentTitles(['zorgl'], 60);
    expect(titles.map((h) => [h.kind, h.item_id])).toEqual([['Content', IN_TITLE]]);
    // Every word must begin a word of the title.
    expect((await search.matchContentTitles(['zorgl', 'mer'], 60)).map((h) => h.item_id)).toEqual([IN_TITLE]);
    expect(await search.matchContentTitles(['zorgl', 'quais'], 60)).toEqual([]);
  });

  it('GET /api/admin/schedule/contents?q: the content titled with the word, not the one whose synopsis has it', async () => {
    const res = await call('GET', '/schedule/contents?q=Zorgl', roles.editor!);
    expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
    const found = res.json().Response.contents as { id: number; title: string }[];
    expect(found.map((c) => c.id)).toEqual([IN_TITLE]);
  });
});
