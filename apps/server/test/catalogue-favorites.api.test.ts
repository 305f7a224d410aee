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

const call = async (url: string, withCookie = true) => {
  const res = await t.app.inject({ url: `/api/1.2${url}`, headers: withCookie ? { cookie } : {} });
  return { status: res.statusCode, body: res.json() };
};
const get = async (url: string) => (await call(url)).body.Response;

describe('favourites (spec 2 §4 Favourite toggle, §7 set-favorite, is-favorite, favorites)', () => {
  it('adds and removes a content, and lists favourites newest first', async () => {
    expect((await get('/content/1002/is-favorite')).IsFavorite).toBe(false);
    expect((await get('/content/1002/set-favorite?is_favorite=1')).IsFavorite).toBe(true);
    expect((await get('/content/1002/is-favorite')).IsFavorite).toBe(true);
    // Setting it twice keeps one favourite.
    await get('/content/1002/set-favorite?is_favorite=1');
    const ids = (await get('/content/favorites')).Collection.map((c: { contentID: number }) => c.contentID);
    expect(ids.filter((id: number) => id === 1002)).toHaveLength(1);
    expect(ids[0]).toBe(1002);
    expect((await get('/content/1002/set-favorite?is_favorite=0')).IsFavorite).toBe(false);
    expect((await get('/content/favorites')).Collection.map((c: { contentID: number }) => c.contentID)).not.toContain(
      1002,
    );
  });

  it('decision 037: the home’s own rows follow a favourite and a resume point at once (kept, never stale)', async () => {
    const rowOf = async (type: string) =>
      (await get('/page/home/rows?with_data=1')).Rows.find((r: { rowType: string }) => r.rowType === type).data;
    const favoriteIds = async () => (await rowOf('Favorites')).Favorites.map((c: { contentID: number }) => c.contentID);
    // Read (and kept) before each write, so a kept answer that missed the write would show.
    expect(await favoriteIds()).not.toContain(1003);
    await get('/content/1003/set-favorite?is_favorite=1');
    expect((await favoriteIds())[0]).toBe(1003);
    await get('/content/1003/set-favorite?is_favorite=0');
    expect(await favoriteIds()).not.toContain(1003);
    const progressOf = async (id: number) =>
      (await rowOf('ContentsProcessing')).ContentsProcessing.find((c: { contentID: number }) => c.contentID === id);
    const save = async (seconds: number) =>
      (await get(`/content/1003/playback/status?playback_time=${seconds}`)).Content.percentage as number;
    const saved = await save(20);
    expect((await progressOf(1003)).percentage).toBe(saved);
    const later = await save(40);
    expect(later).toBeGreaterThan(saved);
    expect((await progressOf(1003)).percentage).toBe(later);
  });

  it('does the same for content lists, and /customer/favorites answers both', async () => {
    expect((await get('/content-list/2002/set-favorite?is_favorite=1')).IsFavorite).toBe(true);
    expect((await get('/content-list/2002/is-favorite')).IsFavorite).toBe(true);
    expect((await get('/content-list/favorites')).ContentLists.map((l: { ID: number }) => l.ID)).toEqual([2002]);
    const { Favorites } = await get('/customer/favorites');
    expect(Favorites.ContentLists[0].name).toBe('Grand Nord');
    expect(Favorites.Contents.length).toBeGreaterThanOrEqual(4);
  });

  it('answers 20 or 21 for unknown items, 3 for a bad flag, 2 without it', async () => {
    expect((await call('/content/99999/set-favorite?is_favorite=1')).body.Error.Number).toBe(20);
    expect((await call('/content-list/99999/is-favorite')).status).toBe(404);
    expect((await call('/content-list/99999/is-favorite')).body.Error.Number).toBe(21);
    expect((await call('/content/1001/set-favorite?is_favorite=yes')).body.Error.Number).toBe(3);
    expect((await call('/content/1001/set-favorite')).body.Error.Number).toBe(2);
  });

  it('refuses a visitor (4) but tells them nothing is a favourite', async () => {
    const denied = await call('/content/1001/set-favorite?is_favorite=1', false);
    expect(denied.status).toBe(403);
    expect(denied.body.Error.Number).toBe(4);
    expect((await call('/customer/favorites', false)).body.Error.Number).toBe(4);
    expect((await call('/content/1001/is-favorite', false)).body.Response.IsFavorite).toBe(false);
  });
});

describe('resume and continue watching (spec 2 §4 Resume)', () => {
  it('saves the playback time with percentage = time / duration x 100, status Processing', async () => {
    const { Content } = await get('/content/1005/playback/status?playback_time=8');
    expect(Content).toMatchObject({ contentID: 1005, playbackTime: 8, status: 'Processing' });
    expect(Content.percentage).toBeCloseTo((8 / Content.duration) * 100, 1);
    const list = (await get('/customer/content/processing')).ContentsProcessing;
    expect(list.find((c: { contentID: number }) => c.contentID === 1005)).toMatchObject({ playbackTime: 8 });
  });

  it('moves the same row on a second save instead of adding one', async () => {
    await get('/content/1005/playback/status?playback_time=12');
    const list = (await get('/customer/content/processing')).ContentsProcessing;
    const rows = list.filter((c: { contentID: number }) => c.contentID === 1005);
    expect(rows).toHaveLength(1);
    expect(rows[0].playbackTime).toBe(12);
  });

  it('saves episodes by playbackTime or by percentage', async () => {
    const byTime = (await get('/episode/21011/playback/status?playbackTime=4')).Content;
    expect(byTime).toMatchObject({ contentID: 21011, playbackTime: 4 });
    const byPercent = (await get('/episode/21011/percentage/set?percentage=50')).Content;
    expect(byPercent.percentage).toBe(50);
    expect(byPercent.playbackTime).toBeCloseTo(byPercent.duration / 2, 2);
    expect((await call('/episode/21011/percentage/set?percentage=150')).body.Error.Number).toBe(3);
    expect((await call('/episode/21011/playback/status')).body.Error.Number).toBe(2);
    expect((await call('/episode/99999/playback/status?playbackTime=3')).body.Error.Number).toBe(20);
  });

  it('the content and its season show the caller’s own resume point, so a player resumes after a reload', async () => {
    await get('/content/1005/playback/status?playback_time=9');
    expect((await get('/content/1005')).Content).toMatchObject({ playbackTime: 9, status: 'Processing' });
    // Read for everyone and cached: a visitor and another customer see none of it.
    expect((await call('/content/1005', false)).body.Response.Content.playbackTime).toBeNull();
    const other = await logInAs(t.app, 'demo@playz.fr');
    const theirs = await t.app.inject({ url: '/api/1.2/content/1005', headers: { cookie: other } });
    expect(theirs.json().Response.Content).toMatchObject({ playbackTime: null, percentage: null, status: null });

    await get('/episode/21011/playback/status?playbackTime=6');
    const seasonId = (await get('/content/21011')).Content.contentListID;
    const episode = (await get(`/season/${seasonId}`)).Season.contents.find(
      (c: { contentID: number }) => c.contentID === 21011,
    );
    expect(episode).toMatchObject({ playbackTime: 6, status: 'Processing' });
  });

  it('refuses a visitor with 4', async () => {
    expect((await call('/customer/content/processing', false)).body.Error.Number).toBe(4);
    expect((await call('/content/1005/playback/status?playback_time=3', false)).body.Error.Number).toBe(4);
  });
});

describe('event log (spec 2 §7 POST /event/log)', () => {
  it('records an opened item from a form post', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/event/log',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: 'content_type=Content&content_type_id=1001',
    });
    expect(res.json()).toMatchObject({ Error: { Number: 0 }, Response: { Success: true } });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/event/log',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'content_type=Spaceship&content_type_id=1',
    });
    expect(bad.json().Error.Number).toBe(3);
  });
});
