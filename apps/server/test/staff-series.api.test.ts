import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { get } from './accounts-test-support';

// Series, seasons and episodes from the console (decision 105): created unpublished, seasons
// added, contents attached as episodes in order, reordered, detached, the series published and
// unpublished; each change audited with before and after; the viewers' GET /series, /series/{id},
// /season/{id}, /content/{id} and search follow at once.

let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};

const texts = (fr: string) => ({
  fr: { title: fr, synopsis: `Synopsis ${fr}` },
  en: { title: `${fr} (en)`, synopsis: '' },
  nl: { title: `${fr} (nl)`, synopsis: '' },
  es: { title: `${fr} (es)`, synopsis: '' },
});

/** A viewer's (visitor's) answer to a catalogue call: its error number and response. */
const viewer = async (path: string, query?: Record<string, string>) => {
  const res = await t.app.inject(get(path, query ? { query } : {}));
  // Spec 2 answers are read field by field below; their shapes are the contract's.
  return res.json() as { Error: { Number: number }; Response: Record<string, ReturnType<typeof JSON.parse>> };
};
const viewerSeriesIds = async () => ((await viewer('/series')).Response.Series as { ID: number }[]).map((s) => s.ID);

/** Films that sit in no list: what an editor attaches. */
let films: { id: number; title: string }[] = [];

type Series = {
  id: number;
  published: boolean;
  posterUrl: string | null;
  texts: { fr: { title: string } };
  seasons: { id: number; number: number; episodes: { contentId: number; number: number; live: boolean }[] }[];
};
const ok = (res: Awaited<ReturnType<StaffConsole['call']>>) => {
  expect(res.json().Error.Number, res.body.slice(0, 300)).toBe(0);
  return res.json().Response.series as Series;
};
const refusal = (res: Awaited<ReturnType<StaffConsole['call']>>) => {
  expect(res.statusCode).toBeLessThan(500);
  return { number: res.json().Error.Number as number, message: res.json().Error.Message as string };
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor', 'support']));
  films = await t.database.db
    .selectFrom('contents')
    .select(['id', 'title'])
    .where('content_type', '=', 'Film')
    .where('content_list_id', 'is', null)
    .where('enabled', '=', 1)
    .orderBy('id')
    .limit(4)
    .execute();
  expect(films).toHaveLength(4);
});
afterAll(() => t.close());

describe('series, seasons and episodes from the console (decision 105; spec 2 §7 Series)', () => {
  let series: Series;

  it('spec 2 GET /series: a new series is unpublished: the console lists it, viewers do not see it', async () => {
    series = ok(await call('POST', '/series', roles.editor!, { texts: texts('Les Veilleurs'), rating: 12 }));
    expect(series).toMatchObject({ published: false, seasons: [], rating: 12 });
    expect(series.texts.fr.title).toBe('Les Veilleurs');
    const listed = (await call('GET', '/series?limit=5', roles.editor!)).json().Response;
    expect(listed.series[0]).toMatchObject({ id: series.id, title: 'Les Veilleurs', published: false, episodes: 0 });
    expect(await viewerSeriesIds()).not.toContain(series.id);
    expect((await viewer(`/series/${series.id}`)).Error.Number).toBe(21);

    const entry = (await call('GET', `/audit?target_type=series&target_id=${series.id}`, roles.admin!)).json().Response
      .entries[0];
    expect(entry).toMatchObject({ action: 'series.create', actor: 'editor@playz.fr', before: null });
    expect(entry.after.texts.en.title).toBe('Les Veilleurs (en)');
  });

  it('spec 2 GET /season/{id}: seasons and episodes in order; a content in the middle moves the later ones down', async () => {
    series = ok(await call('POST', `/series/${series.id}/seasons`, roles.editor!, {}));
    series = ok(await call('POST', `/series/${series.id}/seasons`, roles.editor!, {}));
    expect(series.seasons.map((s) => s.number)).toEqual([1, 2]);
    const season = series.seasons[0]!.id;
    for (const film of films.slice(0, 2))
      series = ok(await call('POST', `/seasons/${season}/episodes`, roles.editor!, { contentId: film.id }));
    // The test app's demo contents have no artwork files: this one gets a poster to be taken.
    await t.database.db
      .updateTable('contents')
      .set({ poster: 'titles/veilleurs.jpg' })
      .where('id', '=', films[2]!.id)
      .execute();
    series = ok(
      await call('POST', `/seasons/${season}/episodes`, roles.editor!, { contentId: films[2]!.id, number: 1 }),
    );
    expect(series.seasons[0]!.episodes.map((e) => [e.contentId, e.number])).toEqual([
      [films[2]!.id, 1],
      [films[0]!.id, 2],
      [films[1]!.id, 3],
    ]);
    // Unpublished series: its episodes are out of the viewers' catalogue.
    expect(series.seasons[0]!.episodes.every((e) => !e.live)).toBe(true);
    expect((await viewer(`/content/${films[0]!.id}`)).Response.Content.enabled).toBe(false);
    // The series had none: it took that of the first episode that had one.
    expect(series.posterUrl).toBe('/media/titles/veilleurs.jpg');
  });

  it('spec 2 GET /series and /season/{id}: publishing shows the series, its seasons and episodes at once', async () => {
    series = ok(await call('POST', `/series/${series.id}/publish`, roles.editor!));
    expect(series.published).toBe(true);
    expect(series.seasons[0]!.episodes.every((e) => e.live)).toBe(true);
    expect(await viewerSeriesIds()).toContain(series.id);
    const page = (await viewer(`/series/${series.id}`)).Response.Series;
    expect(page).toMatchObject({ name: 'Les Veilleurs', contentsCount: 3 });
    expect(page.seasons.map((s: { number: number }) => s.number)).toEqual([1, 2]);
    const season = (await viewer(`/season/${series.seasons[0]!.id}`)).Response.Season;
    expect(season.contents.map((c: { contentID: number; episodeNumber: number; contentType: string }) => c)).toEqual(
      [films[2]!, films[0]!, films[1]!].map((f, i) =>
        expect.objectContaining({ contentID: f.id, episodeNumber: i + 1, contentType: 'Episode' }),
      ),
    );
    // The episode names its series for its player route (spec 2 §2).
    expect((await viewer(`/content/${films[0]!.id}`)).Response.Content).toMatchObject({
      enabled: true,
      seriesID: series.id,
    });
    const found = (await viewer('/search', { keywords: 'veilleurs' })).Response.Results as {
      type: string;
      ContentList?: { ID: number };
    }[];
    expect(found.some((r) => r.type === 'ContentList' && r.ContentList!.ID === series.id)).toBe(true);
  });

  it('spec 2 GET /season/{id}: a new order, by keyboard or not, is what viewers read; a stale order is refused', async () => {
    const season = series.seasons[0]!;
    const order = [films[0]!.id, films[1]!.id, films[2]!.id];
    series = ok(await call('POST', `/seasons/${season.id}/episodes/order`, roles.editor!, { contentIds: order }));
    expect(series.seasons[0]!.episodes.map((e) => e.contentId)).toEqual(order);
    const read = (await viewer(`/season/${season.id}`)).Response.Season.contents as { contentID: number }[];
    expect(read.map((c) => c.contentID)).toEqual(order);
    for (const bad of [order.slice(1), [...order, order[0]!], [order[0]!, order[1]!, films[3]!.id]])
      expect(
        refusal(await call('POST', `/seasons/${season.id}/episodes/order`, roles.editor!, { contentIds: bad })),
      ).toEqual({ number: 3, message: 'series.order' });
    const entry = (await call('GET', '/audit?action=episode.reorder', roles.admin!)).json().Response.entries[0];
    expect(entry.targetId).toBe(String(series.id));
    expect(entry.before.seasons[0].episodes.map((e: { contentId: number }) => e.contentId)).toEqual([
      films[2]!.id,
      films[0]!.id,
      films[1]!.id,
    ]);
    expect(entry.after.seasons[0].episodes.map((e: { contentId: number }) => e.contentId)).toEqual(order);
  });

  it('spec 2 §8: unknown content 20, unknown season 21, an episode of another series or season 3 (series.taken)', async () => {
    const season = series.seasons[0]!.id;
    const other = series.seasons[1]!.id;
    expect(
      refusal(await call('POST', `/seasons/${season}/episodes`, roles.editor!, { contentId: 99_999_999 })).number,
    ).toBe(20);
    expect(
      refusal(await call('POST', `/seasons/99999999/episodes`, roles.editor!, { contentId: films[3]!.id })).number,
    ).toBe(21);
    // A series id is not a season.
    expect(
      refusal(await call('POST', `/seasons/${series.id}/episodes`, roles.editor!, { contentId: films[3]!.id })).number,
    ).toBe(21);
    // Already in this series' first season: not in its second one too.
    expect(
      refusal(await call('POST', `/seasons/${other}/episodes`, roles.editor!, { contentId: films[0]!.id })),
    ).toEqual({
      number: 3,
      message: 'series.taken',
    });
    // An episode of a demo series (2001's first season) is not taken into this one.
    const demoEpisode = (await viewer('/season/2101')).Response.Season.contents[0].contentID as number;
    expect(
      refusal(await call('POST', `/seasons/${other}/episodes`, roles.editor!, { contentId: demoEpisode })),
    ).toEqual({ number: 3, message: 'series.taken' });
    expect(
      refusal(await call('POST', `/seasons/${other}/episodes`, roles.editor!, { contentId: films[3]!.id, number: 5 })),
    ).toEqual({ number: 3, message: 'series.position' });
    expect(refusal(await call('POST', `/series/${series.id}/seasons`, roles.editor!, { number: 2 }))).toEqual({
      number: 3,
      message: 'series.season-number',
    });
    expect(refusal(await call('POST', `/seasons/${season}/remove`, roles.editor!))).toEqual({
      number: 3,
      message: 'series.season-not-empty',
    });
    expect(refusal(await call('POST', `/seasons/${other}/episodes/${films[3]!.id}/detach`, roles.editor!))).toEqual({
      number: 3,
      message: 'series.not-episode',
    });
    // Nothing moved.
    const read = (await viewer(`/season/${season}`)).Response.Season.contents as { contentID: number }[];
    expect(read.map((c) => c.contentID)).toEqual([films[0]!.id, films[1]!.id, films[2]!.id]);
  });

  it('spec 2 GET /season/{id} and /content/{id}: a detached episode is a film again; an empty season goes', async () => {
    const season = series.seasons[0]!.id;
    series = ok(await call('POST', `/seasons/${season}/episodes/${films[0]!.id}/detach`, roles.editor!));
    expect(series.seasons[0]!.episodes.map((e) => [e.contentId, e.number])).toEqual([
      [films[1]!.id, 1],
      [films[2]!.id, 2],
    ]);
    expect((await viewer(`/content/${films[0]!.id}`)).Response.Content).toMatchObject({
      contentType: 'Film',
      enabled: true,
      seriesID: null,
    });
    series = ok(await call('POST', `/seasons/${series.seasons[1]!.id}/remove`, roles.editor!));
    expect(series.seasons.map((s) => s.number)).toEqual([1]);
    expect((await viewer(`/series/${series.id}`)).Response.Series.seasons).toHaveLength(1);
  });

  it('spec 2 GET /series: unpublishing takes the series, its seasons and episodes away at once; texts in four languages', async () => {
    series = ok(
      await call('POST', `/series/${series.id}`, roles.editor!, {
        texts: texts('Les Veilleurs de nuit'),
        rating: 10,
        artworkContentId: films[3]!.id,
      }),
    );
    expect(series.texts.fr.title).toBe('Les Veilleurs de nuit');
    expect((await viewer(`/series/${series.id}`)).Response.Series).toMatchObject({
      name: 'Les Veilleurs de nuit',
      rating: 10,
    });
    const seasonId = series.seasons[0]!.id;
    // A subscriber keeps it among their favourite lists while it is published.
    const fan = await logInAs(t.app, 'abonne@playz.fr');
    const favourites = async () =>
      (
        (await t.app.inject(get('/content-list/favorites', { cookie: fan }))).json().Response.ContentLists as {
          ID: number;
        }[]
      ).map((l) => l.ID);
    await t.app.inject(get(`/content-list/${series.id}/set-favorite`, { cookie: fan, query: { is_favorite: '1' } }));
    expect(await favourites()).toContain(series.id);
    /** The share page a link preview reads, and the sitemap (decision 060). */
    const sharePage = `/series/${series.id}/les-veilleurs-de-nuit.html`;
    const bot = { 'user-agent': 'facebookexternalhit/1.1' };
    expect((await t.app.inject({ url: sharePage, headers: bot })).statusCode).toBe(200);
    series = ok(await call('POST', `/series/${series.id}/unpublish`, roles.editor!));
    expect(await favourites()).not.toContain(series.id);
    expect((await t.app.inject({ url: sharePage, headers: bot })).statusCode).toBe(404);
    // The sitemap is made again after its own time to live; this is its first reading here.
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap).toContain('/series/2001/');
    expect(sitemap).not.toContain(`/series/${series.id}/`);
    expect(series.published).toBe(false);
    expect(await viewerSeriesIds()).not.toContain(series.id);
    expect((await viewer(`/series/${series.id}`)).Error.Number).toBe(21);
    expect((await viewer(`/season/${seasonId}`)).Error.Number).toBe(21);
    expect((await viewer(`/content/${films[1]!.id}`)).Response.Content.enabled).toBe(false);
    const found = (await viewer('/search', { keywords: 'veilleurs' })).Response.Results as {
      type: string;
      ContentList?: { ID: number };
    }[];
    expect(found.some((r) => r.type === 'ContentList' && r.ContentList!.ID === series.id)).toBe(false);
    const actions = (
      (await call('GET', `/audit?target_type=series&target_id=${series.id}`, roles.admin!)).json().Response.entries as {
        action: string;
      }[]
    ).map((e) => e.action);
    expect(actions.slice(0, 4)).toEqual(['series.unpublish', 'series.update', 'season.remove', 'episode.detach']);
  });

  it('decision 105: an empty or untitled series is not published (series.empty); 21 for an unknown series', async () => {
    const empty = ok(await call('POST', '/series', roles.editor!, { texts: texts('Vide'), rating: 0 }));
    expect(refusal(await call('POST', `/series/${empty.id}/publish`, roles.editor!))).toEqual({
      number: 3,
      message: 'series.empty',
    });
    expect(refusal(await call('GET', '/series/99999999', roles.editor!)).number).toBe(21);
    expect(refusal(await call('POST', '/series/99999999/publish', roles.editor!)).number).toBe(21);
    // A French title is required.
    expect(refusal(await call('POST', '/series', roles.editor!, { texts: texts(''), rating: 0 })).number).toBe(3);
  });

  it('decision 094 and 105: a desk content in a hidden series stays out when published; its kind comes back on detach', async () => {
    const made = ok(await call('POST', '/series', roles.editor!, { texts: texts('Brouillon'), rating: 0 }));
    const withSeason = ok(await call('POST', `/series/${made.id}/seasons`, roles.editor!, {}));
    const season = withSeason.seasons[0]!.id;
    // films[3] as if an upload had made it: its editorial row, unpublished, a Clip.
    await t.database.db
      .updateTable('contents')
      .set({ content_type: 'Clip', enabled: 0 })
      .where('id', '=', films[3]!.id)
      .execute();
    await t.database.db
      .insertInto('content_editorial')
      .values({
        content_id: films[3]!.id,
        texts: JSON.stringify(texts(films[3]!.title)),
        access: 'subscription',
        price_offer_id: null,
        published: 0,
        publish_from: null,
        publish_until: null,
        updated_at: new Date(clock).toISOString(),
      })
      .execute();
    ok(await call('POST', `/seasons/${season}/episodes`, roles.editor!, { contentId: films[3]!.id }));
    const published = await call('POST', `/catalogue/contents/${films[3]!.id}/publish`, roles.editor!, {});
    expect(published.json().Response.content).toMatchObject({ published: true, live: false, kind: 'Clip' });
    expect((await viewer(`/content/${films[3]!.id}`)).Response.Content).toMatchObject({
      enabled: false,
      contentType: 'Episode',
    });
    // Its texts edited on the content desk: it stays an episode, its kind is kept for later.
    const edited = await call('POST', `/catalogue/contents/${films[3]!.id}`, roles.editor!, {
      kind: 'Film',
      rating: 0,
      texts: texts(films[3]!.title),
      access: { type: 'subscription' },
    });
    expect(edited.json().Response.content).toMatchObject({ kind: 'Film', live: false });
    expect((await viewer(`/content/${films[3]!.id}`)).Response.Content.contentType).toBe('Episode');
    const shown = ok(await call('POST', `/series/${made.id}/publish`, roles.editor!));
    expect(shown.seasons[0]!.episodes[0]).toMatchObject({ contentId: films[3]!.id, live: true });
    ok(await call('POST', `/series/${made.id}/unpublish`, roles.editor!));
    expect((await viewer(`/content/${films[3]!.id}`)).Response.Content.enabled).toBe(false);
    // Detached, it is the film the desk says it is, published on its own.
    ok(await call('POST', `/seasons/${season}/episodes/${films[3]!.id}/detach`, roles.editor!));
    expect((await viewer(`/content/${films[3]!.id}`)).Response.Content).toMatchObject({
      enabled: true,
      contentType: 'Film',
    });
  });

  it('decision 105: editors at the same instant: each new series its own id, each episode its own number, no 5xx', async () => {
    const made = await Promise.all(
      [1, 2, 3].map((i) => call('POST', '/series', roles.editor!, { texts: texts(`Parallèle ${i}`), rating: 0 })),
    );
    const ids = made.map((res) => ok(res).id);
    expect(new Set(ids).size).toBe(3);
    const season = ok(await call('POST', `/series/${ids[0]}/seasons`, roles.editor!, {})).seasons[0]!.id;
    const free = await t.database.db
      .selectFrom('contents')
      .select('id')
      .where('content_type', '=', 'Film')
      .where('content_list_id', 'is', null)
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    // Three attaches at once: each reads the season's order after the one before committed.
    const answers = await Promise.all(
      free.map((c) => call('POST', `/seasons/${season}/episodes`, roles.editor!, { contentId: c.id })),
    );
    for (const res of answers) ok(res);
    const episodes = ok(await call('GET', `/series/${ids[0]}`, roles.editor!)).seasons[0]!.episodes;
    expect(episodes.map((e) => e.number)).toEqual([1, 2, 3]);
    expect(episodes.map((e) => e.contentId).sort()).toEqual(free.map((c) => c.id).sort());
  });

  it('decision 080: support may not read or change series (4); no session gets 11', async () => {
    expect(refusal(await call('GET', '/series', roles.support!)).number).toBe(4);
    expect(refusal(await call('POST', `/series/${series.id}/publish`, roles.support!)).number).toBe(4);
    expect(refusal(await call('GET', '/series', '')).number).toBe(11);
  });
});
