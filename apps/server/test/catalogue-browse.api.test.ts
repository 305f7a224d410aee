import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

const NOW = new Date('2026-11-22T12:10:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());

const call = async (url: string) => {
  const res = await t.app.inject({ url: `/api/1.2${url}` });
  return { status: res.statusCode, body: res.json() };
};
const get = async (url: string) => (await call(url)).body.Response;

describe('not-found numbers of the catalogue (spec 2 §8)', () => {
  it.each([
    ['/category/999', 23],
    ['/category/abc', 23],
    ['/content-collection/999', 24],
    ['/character/999', 25],
    ['/content-list/99999', 21],
    ['/content/99999/frames', 20],
    ['/channel/999/replay', 22],
    ['/live-event/999', 100],
    ['/live-event/x', 100],
  ])('%s answers %i with HTTP 404', async (url, number) => {
    const { status, body } = await call(url);
    expect(status).toBe(404);
    expect(body.Error.Number).toBe(number);
  });
});

describe('categories, collections, characters and games (spec 2 §3, §7 Other catalogue)', () => {
  it('lists categories and answers one with its contents', async () => {
    const { Categories } = await get('/categories/');
    expect(Categories.map((c: { name: string }) => c.name)).toContain('Comédie');
    const { Category } = await get('/category/2');
    expect(Category.name).toBe('Documentaire');
    expect(Category.contents.map((c: { title: string }) => c.title)).toContain('Les Aurores');
  });

  it('answers a content collection with its typed items', async () => {
    const { ContentCollection } = await get('/content-collection/1');
    expect(ContentCollection.name).toBe('À la une');
    expect(new Set(ContentCollection.items.map((i: { type: string }) => i.type))).toEqual(
      new Set(['Content', 'ContentList', 'Category', 'ContentCollection']),
    );
  });

  it('lists characters and answers one with the episodes they appear in', async () => {
    const { Characters } = await get('/characters/');
    expect(Characters.length).toBeGreaterThanOrEqual(4);
    const { Character } = await get('/character/1');
    expect(Character.name).toBe('Lina Roux');
    expect(Character.contents).toHaveLength(8);
    expect(Character.contents[0].contentType).toBe('Episode');
  });

  it('lists games with a name and an url', async () => {
    const { Games } = await get('/games');
    expect(Games.length).toBeGreaterThan(0);
    expect(Games[0]).toMatchObject({ ID: 1, name: '2048', url: expect.stringMatching(/^https:\/\//) });
  });

  it('answers a content list; a series holds the episodes of its seasons', async () => {
    const { ContentList: season } = await get('/content-list/2101');
    expect(season.type).toBe('Season');
    expect(season.contents).toHaveLength(4);
    const { ContentList: series } = await get('/content-list/2001');
    expect(series.contents).toHaveLength(8);
  });
});

describe('frames (spec 2 §3 Frame)', () => {
  it('answers the seek-bar pictures of the clip, indexed in order', async () => {
    const dir = path.join(t.config.dataDir, 'media', 'clips', 'ocean');
    fs.mkdirSync(dir, { recursive: true });
    const thumbnails = [0, 10, 20].map((percent) => ({
      percent,
      timeSec: percent * 0.32,
      path: `clips/ocean/thumbs/thumb-${percent}.jpg`,
    }));
    fs.writeFileSync(path.join(dir, 'clip.json'), JSON.stringify({ key: 'ocean', thumbnails }));
    const { Frames } = await get('/content/1001/frames');
    expect(Frames).toEqual([
      { index: 0, time: 0, url: '/media/clips/ocean/thumbs/thumb-0.jpg' },
      { index: 1, time: 3.2, url: '/media/clips/ocean/thumbs/thumb-10.jpg' },
      { index: 2, time: 6.4, url: '/media/clips/ocean/thumbs/thumb-20.jpg' },
    ]);
  });
});

describe('replay (spec 2 §7 Replay)', () => {
  it('answers films, latest episodes and the last hours as Collections', async () => {
    const films = (await get('/replay/films')).Collection;
    expect(films.every((c: { contentType: string }) => c.contentType === 'Film')).toBe(true);
    expect(films.length).toBeGreaterThan(5);
    const episodes = (await get('/replay/series')).Collection;
    expect(episodes.every((c: { contentType: string }) => c.contentType === 'Episode')).toBe(true);
    const lastHours = (await get('/replay/last-hours')).Collection;
    expect(lastHours.length).toBeGreaterThan(0);
    expect(lastHours.every((c: { contentType: string }) => c.contentType === 'Programme')).toBe(true);
  });

  it('answers one collection per channel and per genre', async () => {
    const byChannel = (await get('/replay/channels')).Collections;
    expect(byChannel).toHaveLength(20);
    expect(byChannel[0]).toMatchObject({ name: 'Playz Info', channelID: 1 });
    expect(byChannel[0].contents.every((c: { channelID: number }) => c.channelID === 1)).toBe(true);
    const byGenre = (await get('/replay/genres')).Collections;
    expect(byGenre.map((c: { name: string }) => c.name)).toContain('Comédie');
  });

  it('answers the replay of one channel: programmes already over', async () => {
    const { Collection } = await get('/channel/3/replay');
    expect(Collection.length).toBeGreaterThan(0);
    expect(Collection.every((c: { channelID: number }) => c.channelID === 3)).toBe(true);
  });
});

describe('live events (spec 2 §3 Live event, §4 state)', () => {
  it('lists events from now on with their state and countdown', async () => {
    const { LiveEvents } = await get('/live-events/');
    const byName = Object.fromEntries(LiveEvents.map((e: { name: string }) => [e.name, e]));
    expect(byName['Gala des étoiles']).toMatchObject({ state: 'Processing', countdownSeconds: 0 });
    const soon = byName['Soirée spéciale : les 20 ans du festival'];
    expect(soon.state).toBe('Pending');
    expect(soon.countdownSeconds).toBe((Date.parse(soon.dateScheduled) - NOW.getTime()) / 1000);
    expect(soon.channel.name).toBe('Playz Direct');
    expect(byName['Concert exceptionnel au Zénith']).toBeUndefined();
  });

  it('filters by date_from and date_to, and answers 3 for a bad date', async () => {
    const from = new Date(NOW.getTime() + 3 * 86400_000).toISOString();
    const { LiveEvents } = await get(`/live-events/?date_from=${from}&date_to=2026-12-31T00:00:00Z`);
    expect(LiveEvents.map((e: { name: string }) => e.name)).toEqual(['Nuit du jazz']);
    const bad = await call('/live-events/?date_from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.Error.Number).toBe(3);
  });

  it('answers past events with a replay, and one event by id', async () => {
    const { LiveEvents } = await get('/live-events/replays');
    expect(LiveEvents).toHaveLength(1);
    expect(LiveEvents[0]).toMatchObject({ state: 'Past', hasReplay: true });
    expect(LiveEvents[0].content.contentID).toBe(LiveEvents[0].contentID);
    const { LiveEvent } = await get('/live-event/1');
    expect(LiveEvent.locationName).toBe('Zénith de Paris');
  });
});

describe('other calls (spec 2 §7 Home, landing)', () => {
  it('answers the comedy show, the campaign videos and the in-app offers', async () => {
    const comedy = await get('/comedy/show');
    expect(comedy.ContentCollection.name).toBe('Sketches');
    expect(comedy.Collection.every((c: { metadata: { Genre: string } }) => c.metadata.Genre === 'comedie')).toBe(true);
    expect((await get('/service/csa/contents')).Collection).toHaveLength(3);
  });

  it('GET /inapp lists each offer once per billing type of the platform, dummy always added (spec 3 §4)', async () => {
    const typesOf = (offers: { billingType: string; productPriceID: number }[], id: number) =>
      offers.filter((o) => o.productPriceID === id).map((o) => o.billingType);
    const web = (await get('/inapp')).InAppPurchases;
    expect(typesOf(web, 11)).toEqual(['CreditCard', 'Wap2', 'CrossScreen', 'Paypal', 'Dummy']);
    expect(typesOf(web, 12)).toEqual(['Wap2', 'CrossScreen', 'CreditCard', 'Paypal', 'Dummy']);
    const tizen = (await get('/inapp?platform=Tizen')).InAppPurchases;
    expect(typesOf(tizen, 11)).toEqual(['SamsungCheckout', 'Dummy']);
    expect(new Set(tizen.map((o: { productPriceID: number }) => o.productPriceID))).toEqual(
      new Set([11, 12, 13, 14, 15, 21, 22]),
    );
  });

  it('resolves smart-TV deep links (spec 2 §2 Deep links)', async () => {
    expect((await get('/deeplink?asset_id=/content/1001')).Deeplink).toEqual({
      type: 'clip',
      id: 1001,
      route: '/clip/1001/player',
    });
    expect((await get('/deeplink?asset_id=channel_3')).Deeplink.route).toBe('/channel/3/player');
    expect((await call('/deeplink?asset_id=content_99999')).body.Error.Number).toBe(20);
    expect((await call('/deeplink?asset_id=drop table')).body.Error.Number).toBe(3);
    expect((await call('/deeplink')).body.Error.Number).toBe(2);
  });
});
