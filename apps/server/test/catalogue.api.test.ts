import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';

const NOW = new Date('2026-11-22T12:10:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());

const get = async (url: string, cookie?: string) =>
  (await t.app.inject({ url, headers: cookie ? { cookie } : {} })).json();

describe('home rows (spec 2 §2 Home rows, §3 Page row)', () => {
  it('uses every row type and style of the spec on the demo home', async () => {
    const rows = (await get('/api/1.2/page/home/rows?with_data=1')).Response.Rows as {
      rowType: string;
      style: string;
    }[];
    expect(new Set(rows.map((r) => r.rowType))).toEqual(
      new Set([
        'Channels',
        'ContentCollection',
        'Category',
        'ContentList',
        'ReplayMovies',
        'ReplaySeries',
        'ReplayLastHours',
        'Favorites',
        'ContentsProcessing',
        'Series',
        'ContentsDownload',
      ]),
    );
    expect(new Set(rows.map((r) => r.style))).toEqual(new Set(['Default', 'Landscape', 'Portrait', 'Rounded']));
  });

  it('fills each row with its data', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const rows = (await get('/api/1.2/page/home/rows?with_data=1', cookie)).Response.Rows;
    const byType = Object.fromEntries(rows.map((r: { rowType: string }) => [r.rowType, r]));
    expect(byType.Channels.data.Channels).toHaveLength(20);
    expect(byType.Channels.data.Channels[0].currentContent).not.toBeNull();
    expect(byType.ReplayMovies.data.Collection.length).toBeGreaterThan(5);
    expect(byType.ContentList.data.ContentList.contents).toHaveLength(4);
    expect(
      byType.Category.data.Collection.every((c: { metadata: { Genre: string } }) => c.metadata.Genre === 'comedie'),
    ).toBe(true);
    expect(new Set(byType.ContentCollection.data.ContentCollection.items.map((i: { type: string }) => i.type))).toEqual(
      new Set(['Content', 'ContentList', 'Category', 'ContentCollection']),
    );
    expect(byType.ContentsProcessing.data.ContentsProcessing[0]).toMatchObject({
      status: 'Processing',
      percentage: 37.5,
    });
    expect(byType.Favorites.data.Favorites).toHaveLength(4);
    expect(byType.ReplayLastHours.data.Collection.length).toBeGreaterThan(0);
    expect(byType.ContentsDownload.data).toBeNull();
  });

  it('serialises the shared rows once but answers the same bytes, each viewer with their own rows', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = '/api/1.2/page/home/rows?with_data=1';
    const logged = await t.app.inject({ url, headers: { cookie } });
    const visitor = await t.app.inject({ url });
    for (const res of [logged, visitor]) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      // Spliced from cached parts, the answer is exactly the whole answer serialised at once.
      expect(res.body).toBe(JSON.stringify(res.json()));
      expect(res.json().Error).toEqual({ Number: 0, Message: 'ok' });
    }
    const favorites = (res: typeof logged) =>
      res.json().Response.Rows.find((r: { rowType: string }) => r.rowType === 'Favorites').data.Favorites;
    // The shared cache entry served the visitor right after the subscriber: no favourites of theirs.
    expect(favorites(logged)).toHaveLength(4);
    expect(favorites(visitor)).toEqual([]);
  });

  it('leaves the customer rows empty for a visitor', async () => {
    const rows = (await get('/api/1.2/page/home/rows?with_data=1')).Response.Rows;
    expect(rows.find((r: { rowType: string }) => r.rowType === 'Favorites').data.Favorites).toEqual([]);
  });

  it('answers rows without data when with_data is absent, and 7 for an unknown page', async () => {
    const rows = (await get('/api/1.2/page/home/rows')).Response.Rows;
    expect(rows.every((r: { data: unknown }) => r.data === null)).toBe(true);
    const res = await t.app.inject('/api/1.2/page/nowhere/rows');
    expect(res.statusCode).toBe(404);
    expect(res.json().Error.Number).toBe(7);
  });
});

describe('contents, series, channels (spec 2 §3, §7, §8)', () => {
  it('answers a content with the spec fields and its .html share URL', async () => {
    const c = (await get('/api/1.2/content/1001')).Response.Content;
    expect(c).toMatchObject({
      contentID: 1001,
      title: "L'Été indien",
      contentType: 'Film',
      aspectRatio: '16:9',
      provider: 'CMS',
      slug: 'l-ete-indien',
      metadata: { Year: 2024 },
    });
    expect(c.shareUrl).toBe('http://localhost:3000/content/1001/l-ete-indien.html');
  });

  it.each([
    ['/api/1.2/content/999999', 20],
    ['/api/1.2/content/abc', 20],
    ['/api/1.2/content/-1', 20],
    ['/api/1.2/series/999', 21],
    ['/api/1.2/season/2001', 21],
    ['/api/1.2/channel/77', 22],
    ['/api/1.2/channel/x', 22],
  ])('%s answers %i with HTTP 404', async (url, number) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ Response: null, Error: { Number: number } });
  });

  it('answers related contents', async () => {
    const related = (await get('/api/1.2/content/1001/related')).Response.Collection;
    expect(related.length).toBeGreaterThan(0);
    expect(related.some((c: { contentID: number }) => c.contentID === 1001)).toBe(false);
  });

  it('answers a series with its seasons and a season with its episodes', async () => {
    const series = (await get('/api/1.2/series/2001')).Response.Series;
    expect(series.seasons.map((s: { number: number }) => s.number)).toEqual([1, 2]);
    expect(series.contentsCount).toBe(8);
    const season = (await get('/api/1.2/season/2101')).Response.Season;
    expect(season.contents.map((e: { episodeNumber: number }) => e.episodeNumber)).toEqual([1, 2, 3, 4]);
  });

  it('answers 20 channels with the programme on air now (spec 2 §4 current schedule)', async () => {
    const channels = (await get('/api/1.2/channels')).Response.Channels;
    expect(channels).toHaveLength(20);
    const channel = (await get('/api/1.2/channel/1')).Response.Channel;
    const first = channel.schedules[0];
    expect(Date.parse(first.dateScheduled)).toBeLessThanOrEqual(NOW.getTime());
    expect(Date.parse(first.dateScheduled) + first.duration * 1000).toBeGreaterThanOrEqual(NOW.getTime());
    expect(channel.currentContent.contentID).toBe(first.content.contentID);
  });

  it('has a programme guide from now -7 days to now +7 days', async () => {
    const day = 24 * 3600 * 1000;
    const from = new Date(NOW.getTime() - 7 * day + 3600 * 1000).toISOString();
    const to = new Date(NOW.getTime() - 7 * day + 2 * 3600 * 1000).toISOString();
    expect(
      (await get(`/api/1.2/channel/3/schedule?date_from=${from}&date_to=${to}`)).Response.Schedules.length,
    ).toBeGreaterThan(0);
    const later = new Date(NOW.getTime() + 7 * day - 2 * 3600 * 1000).toISOString();
    expect((await get(`/api/1.2/channel/3/schedule?date_from=${later}`)).Response.Schedules.length).toBeGreaterThan(0);
  });

  it('answers 3 for a schedule window that is not a date or too wide', async () => {
    expect((await get('/api/1.2/channel/1/schedule?date_from=yesterday')).Error.Number).toBe(3);
    expect((await get('/api/1.2/channel/1/schedule?date_from=2026-01-01&date_to=2026-12-31')).Error.Number).toBe(3);
  });

  it('answers the landing data: three offers, kids and music channels, films and series (spec 2 §2 Landing)', async () => {
    const landing = (await get('/api/1.2/landing/data?locale=en')).Response.Landing;
    expect(landing.title).toMatch(/TV/);
    expect(landing.offers).toHaveLength(3);
    expect(landing.kidsChannels.every((c: { genre: string }) => c.genre === 'kids')).toBe(true);
    expect(landing.musicChannels.length).toBeGreaterThan(0);
    expect(landing.films.length).toBeGreaterThan(0);
    expect(landing.series.length).toBe(4);
  });
});
