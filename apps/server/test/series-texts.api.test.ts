import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { get } from './accounts-test-support';

// Decision 105's addendum: a series' and a collection's en/nl/es texts, which the console stores,
// reach the viewers in their language, French where the editor wrote none (per field), laid over
// after the cache as decision 107's contents; and an unpublished series cannot be made a
// favourite by its id.

let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};
let cookie: string;
let seriesId: number;
let seasonId: number;
let collectionId: number;
let editedId: number;

const seriesTexts = {
  fr: { title: 'Les Gardiens du phare', synopsis: 'Trois gardiens, une tempête.' },
  en: { title: 'The Lighthouse Keepers', synopsis: 'Three keepers, one storm.' },
  nl: { title: '', synopsis: '' },
  es: { title: 'Los guardianes del faro', synopsis: '' },
};

type Answer = { Error: { Number: number }; Response: Record<string, ReturnType<typeof JSON.parse>> };
const viewer = async (path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  (await t.app.inject(get(path, { query, headers }))).json() as Answer;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), listen: true });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor']));
  cookie = await logInAs(t.app, 'abonne@playz.fr');
  const films = await t.database.db
    .selectFrom('contents')
    .select('id')
    .where('content_type', '=', 'Film')
    .where('content_list_id', 'is', null)
    .where('enabled', '=', 1)
    .orderBy('id')
    .limit(2)
    .execute();
  const [film, made] = films;
  // The second is edited in the console (an editorial row, as an uploaded content's), published.
  editedId = made!.id;
  await t.database.db
    .insertInto('content_editorial')
    .values({
      content_id: editedId,
      texts: JSON.stringify({ fr: { title: 'Le Relais', synopsis: '' } }),
      access: 'subscription',
      price_offer_id: null,
      published: 1,
      publish_from: null,
      publish_until: null,
      updated_at: new Date(clock).toISOString(),
    })
    .execute();
  let res = await call('POST', '/series', roles.editor!, { texts: seriesTexts, rating: 0 });
  seriesId = res.json().Response.series.id;
  res = await call('POST', `/series/${seriesId}/seasons`, roles.editor!, {});
  seasonId = res.json().Response.series.seasons[0].id;
  for (const contentId of [film!.id, editedId]) {
    res = await call('POST', `/seasons/${seasonId}/episodes`, roles.editor!, { contentId });
    expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
  }
});
afterAll(() => t.close());

describe("spec 2 §7 series and collections in the viewer's language (decision 105 addendum, decision 107)", () => {
  it('spec console §Catalogue: a published episode of an unpublished series is said kept by its series (seriesUnpublished)', async () => {
    const one = (await call('GET', `/catalogue/contents/${editedId}`, roles.editor!)).json().Response.content;
    expect(one).toMatchObject({ contentId: editedId, published: true, live: false, seriesUnpublished: true });
    const listed = (await call('GET', '/catalogue/contents?limit=100', roles.editor!)).json().Response.contents as {
      contentId: number;
      seriesUnpublished: boolean;
    }[];
    expect(listed.find((c) => c.contentId === editedId)?.seriesUnpublished).toBe(true);
  });

  it('spec 2 §7 set-favorite: an unpublished series is unknown by its id (21), published it can be added', async () => {
    const favorite = (id: number) =>
      t.app.inject(get(`/content-list/${id}/set-favorite`, { cookie, query: { is_favorite: '1' } }));
    for (const id of [seriesId, seasonId]) {
      const res = await favorite(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().Error.Number).toBe(21);
    }
    const listed = (await t.app.inject(get('/content-list/favorites', { cookie }))).json().Response.ContentLists;
    expect(listed.map((l: { ID: number }) => l.ID)).not.toContain(seriesId);

    const published = await call('POST', `/series/${seriesId}/publish`, roles.editor!);
    expect(published.json().Error.Number, published.body.slice(0, 300)).toBe(0);
    expect((await favorite(seriesId)).json().Response.IsFavorite).toBe(true);
    // Its series published, the console's episode is live and no longer said kept.
    const one = (await call('GET', `/catalogue/contents/${editedId}`, roles.editor!)).json().Response.content;
    expect(one).toMatchObject({ published: true, live: true, seriesUnpublished: false });
  });

  it('spec 2 GET /series, /series/{id}, /season/{id}, /content-list/{id}: the title and synopsis in en, es per field, nl and fr French', async () => {
    const named = async (locale: string) => {
      const list = (await viewer('/series', { locale })).Response.Series as { ID: number; name: string }[];
      return list.find((s) => s.ID === seriesId)?.name;
    };
    expect(await named('en')).toBe('The Lighthouse Keepers');
    expect(await named('es')).toBe('Los guardianes del faro');
    expect(await named('nl')).toBe('Les Gardiens du phare');
    expect(await named('fr')).toBe('Les Gardiens du phare');

    const page = (locale: string) => viewer(`/series/${seriesId}`, { locale });
    expect((await page('en')).Response.Series).toMatchObject({
      name: 'The Lighthouse Keepers',
      description: 'Three keepers, one storm.',
    });
    // Spanish has a title only: its synopsis falls back to the French one.
    expect((await page('es')).Response.Series).toMatchObject({
      name: 'Los guardianes del faro',
      description: 'Trois gardiens, une tempête.',
    });
    expect((await page('fr')).Response.Series.name).toBe('Les Gardiens du phare');
    // By Accept-Language too, as every other call (spec 1 §7).
    expect(
      (await viewer(`/series/${seriesId}`, {}, { 'accept-language': 'en-GB,en;q=0.9' })).Response.Series.name,
    ).toBe('The Lighthouse Keepers');
    // The season answers and the generic list call stay readable in every language.
    expect((await viewer(`/season/${seasonId}`, { locale: 'en' })).Response.Season.contents).toHaveLength(2);
    expect((await viewer(`/content-list/${seriesId}`, { locale: 'en' })).Response.ContentList.name).toBe(
      'The Lighthouse Keepers',
    );
  });

  it("spec 2 GET /search: a series found is shown in the viewer's language", async () => {
    const found = async (locale: string) => {
      const results = (await viewer('/search', { keywords: 'gardiens phare', locale })).Response.Results as {
        type: string;
        ContentList?: { ID: number; name: string };
      }[];
      return results.find((r) => r.ContentList?.ID === seriesId)?.ContentList?.name;
    };
    expect(await found('en')).toBe('The Lighthouse Keepers');
    expect(await found('fr')).toBe('Les Gardiens du phare');
  });

  it("spec 2 GET /content-collection/{id} and rows: the collection's title and the series it holds in the viewer's language", async () => {
    const res = await call('POST', '/collections', roles.editor!, {
      texts: {
        fr: { title: 'Sur la côte', synopsis: '' },
        en: { title: 'On the coast', synopsis: '' },
        nl: { title: 'Aan de kust', synopsis: '' },
        es: { title: '', synopsis: '' },
      },
      items: [{ type: 'ContentList', id: seriesId }],
    });
    expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
    collectionId = res.json().Response.collection.id;
    const collection = async (locale: string) =>
      (await viewer(`/content-collection/${collectionId}`, { locale })).Response.ContentCollection as {
        name: string;
        items: { type: string; ContentList?: { name: string } }[];
      };
    const en = await collection('en');
    expect(en.name).toBe('On the coast');
    expect(en.items[0]?.ContentList?.name).toBe('The Lighthouse Keepers');
    expect((await collection('nl')).name).toBe('Aan de kust');
    const es = await collection('es');
    expect(es.name).toBe('Sur la côte');
    expect(es.items[0]?.ContentList?.name).toBe('Los guardianes del faro');
    // A visitor's repeat over HTTP is answered before routing from kept bytes (decision 097): per language too.
    for (const locale of ['en', 'fr', 'en', 'fr']) {
      const res = await fetch(`${t.config.publicUrl}/api/1.2/content-collection/${collectionId}?locale=${locale}`);
      const read = ((await res.json()) as { Response: { ContentCollection: { name: string } } }).Response;
      expect(read.ContentCollection.name).toBe(locale === 'en' ? 'On the coast' : 'Sur la côte');
    }
    const fr = await collection('fr');
    expect(fr).toMatchObject({ name: 'Sur la côte', items: [{ ContentList: { name: 'Les Gardiens du phare' } }] });
  });

  it("spec 2 GET /page/{id}/rows: a row of that collection shows its series in the viewer's language", async () => {
    const added = await call('POST', '/home-rows', roles.editor!, {
      rowType: 'ContentCollection',
      typeID: collectionId,
      style: 'Portrait',
      titles: { fr: 'Sur la côte', en: '', nl: '', es: '' },
    });
    expect(added.json().Error.Number, added.body.slice(0, 300)).toBe(0);
    const shown = async (locale: string) => {
      const rows = (await viewer('/page/home/rows', { with_data: '1', locale })).Response.Rows as {
        typeID: number | null;
        data: { ContentCollection?: { name: string; items: { ContentList?: { name: string } }[] } } | null;
      }[];
      const collection = rows.find((r) => r.typeID === collectionId && r.data?.ContentCollection)?.data
        ?.ContentCollection;
      return [collection?.name, collection?.items[0]?.ContentList?.name];
    };
    expect(await shown('en')).toEqual(['On the coast', 'The Lighthouse Keepers']);
    expect(await shown('es')).toEqual(['Sur la côte', 'Los guardianes del faro']);
    expect(await shown('fr')).toEqual(['Sur la côte', 'Les Gardiens du phare']);
  });
});
