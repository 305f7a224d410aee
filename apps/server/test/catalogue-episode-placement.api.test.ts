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

const get = async (url: string) => {
  const res = await t.app.inject({ url: `/api/1.2${url}`, headers: { cookie } });
  expect(res.json().Error.Number).toBe(0);
  return res.json().Response;
};

interface Placement {
  contentID: number;
  contentListID: number | null;
  seriesID: number | null;
  seriesSlug: string | null;
  seasonSlug: string | null;
}
const placement = ({ contentID, contentListID, seriesID, seriesSlug, seasonSlug }: Placement) => ({
  contentID,
  contentListID,
  seriesID,
  seriesSlug,
  seasonSlug,
});

// "Retour au Port": Brigade du Port (2001), season 2 (2102), episode 21021 (demo catalogue).
const RETOUR_AU_PORT = {
  contentID: 21021,
  contentListID: 2102,
  seriesID: 2001,
  seriesSlug: 'brigade-du-port',
  seasonSlug: 'brigade-du-port-saison-2',
};

describe('episodes carry their series and season for the episode route (spec 2 §2, §3 Content)', () => {
  it('GET /content/{id} names the series and season slugs of an episode', async () => {
    expect(placement((await get('/content/21021')).Content)).toEqual(RETOUR_AU_PORT);
  });

  it('films, clips and programmes have no series', async () => {
    for (const id of [1001, 3001]) {
      expect(placement((await get(`/content/${id}`)).Content)).toMatchObject({
        seriesID: null,
        seriesSlug: null,
        seasonSlug: null,
      });
    }
  });

  it('season contents, related contents and replay of series carry the placement too', async () => {
    const season = (await get('/season/2102')).Season.contents.map(placement);
    expect(season).toContainEqual(RETOUR_AU_PORT);
    const related = (await get('/content/21022/related')).Collection.map(placement);
    expect(related).toContainEqual(RETOUR_AU_PORT);
    const replay = (await get('/replay/series')).Collection as Placement[];
    expect(replay.length).toBeGreaterThan(0);
    expect(replay.every((c) => c.seriesID !== null && c.seasonSlug !== null)).toBe(true);
  });

  it('search results and the home ContentList row carry it', async () => {
    const search = await get('/search?keywords=retour%20au%20port');
    expect(search.Collection.map(placement)).toContainEqual(RETOUR_AU_PORT);
    const { Rows } = await get('/page/home/rows?with_data=1');
    const listRow = Rows.find((r: { rowType: string }) => r.rowType === 'ContentList');
    expect(listRow.data.ContentList.contents.map(placement)).toContainEqual({
      contentID: 21011,
      contentListID: 2101,
      seriesID: 2001,
      seriesSlug: 'brigade-du-port',
      seasonSlug: 'brigade-du-port-saison-1',
    });
  });

  it('continue watching and favourites carry it for the customer', async () => {
    await get('/episode/21021/playback/status?playbackTime=30');
    await get('/content/21021/set-favorite?is_favorite=1');
    const { Rows } = await get('/page/home/rows?with_data=1');
    const rowOf = (type: string) => Rows.find((r: { rowType: string }) => r.rowType === type).data;
    expect(rowOf('ContentsProcessing').ContentsProcessing.map(placement)).toContainEqual(RETOUR_AU_PORT);
    expect(rowOf('Favorites').Favorites.map(placement)).toContainEqual(RETOUR_AU_PORT);
    expect((await get('/content/favorites')).Collection.map(placement)).toContainEqual(RETOUR_AU_PORT);
  });
});
