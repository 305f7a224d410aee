import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { post } from './accounts-test-support';
import { airRatedAndAllAges, writeFixtureClips } from './support/live-media';
import { CHROMIUM, ENTRY_CHUNKS, FIRST_SCRIPT_CHUNKS, SAFARI, writeWebBuild } from './support/web-build';

// Decision 139: a live channel's page (spec 2 §2 live player) carries a stand-in picture in its
// HTML, the one segment of the channel's timeline its player will start in, under an opening's
// grant (decision 044: no device place), for the first script to show before the player has
// loaded. A small build folder stands in for apps/web/dist.
const MANIFEST = { ...ENTRY_CHUNKS, ...FIRST_SCRIPT_CHUNKS };
/** DASH availabilityStartTime of every channel (decision 022). */
const LIVE_EPOCH_MS = Date.UTC(2020, 0, 1);
const NOW = new Date('2026-11-22T20:10:05Z');

interface Track {
  kind: string;
  mime: string;
  init: string;
  media: string;
  following: string[];
  offset: number;
}

let t: TestApp;
let build: ReturnType<typeof writeWebBuild>;
beforeAll(async () => {
  build = writeWebBuild(MANIFEST);
  // One place per account: the picture must never need one.
  t = await createTestApp({ now: () => NOW, env: { WEB_DIST_DIR: build.dir, MAX_SIMULTANEOUS_DEVICES: '1' } });
  writeFixtureClips(t.config.dataDir);
  // On air now: a -16 programme on channel 13, a tous publics one on 4.
  await airRatedAndAllAges(t.config, NOW.getTime(), 990201);
});
afterAll(() => {
  build.remove();
  return t.close();
});

const page = (url: string, cookie?: string, userAgent = CHROMIUM, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) } });

/** The page's picture `<meta>`, parsed; null when the page carries none. */
function pictureOf(html: string): { channelId: number; picture: Track[] } | null {
  const content = /<meta name="playz-live-picture" content="([^"]*)" \/>/.exec(html)?.[1];
  return content ? JSON.parse(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) : null;
}

/** The player's view of the channel: its View stream's MPD, asked as the app does. */
async function liveMpd(channelId: number, cookie: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/1.2/channel/${channelId}/url/adaptive?target=player_dash`,
    headers: { cookie },
  });
  const url = res.json().Response.AdaptiveStream.url as string;
  const mpd = (await t.app.inject({ method: 'GET', url, headers: { cookie } })).body;
  // The View took the account's one place: given back for the tests after this one.
  expect((await t.app.inject(post('/customer/playback/stop', {}, { cookie }))).json().Error.Number).toBe(0);
  return mpd;
}

describe('decision 139: a live channel page carries its stand-in picture (spec 2 §2 live player)', () => {
  it('a subscriber’s channel page names the segment the player starts in, with its type and its timeline’s offset', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const res = await page('/channel/4', cookie);
    expect(res.statusCode).toBe(200);
    // The page holds this viewer's grant: never kept by a shared cache.
    expect(res.headers['cache-control']).toBe('private, no-store');
    const picture = pictureOf(res.body);
    expect(picture?.channelId).toBe(4);
    const [video, audio] = picture!.picture;
    expect(video).toMatchObject({ kind: 'video', mime: 'video/mp4; codecs="avc1.4d4015"' });
    expect(audio).toMatchObject({ kind: 'audio', mime: 'audio/mp4; codecs="mp4a.40.2"' });
    // The instant Shaka starts a live DASH stream at: the clock less the longest segment (its live
    // edge) and the MPD's suggested presentation delay of three segments; half a second before it.
    const start = (NOW.getTime() - 4 * 3200 - 500 - LIVE_EPOCH_MS) / 1000;
    // The MPD's period holding that instant maps the same segment the same way.
    const mpd = await liveMpd(4, cookie);
    const periods = [...mpd.matchAll(/<Period id="\d+" start="PT([\d.]+)S"[\s\S]*?<\/Period>/g)];
    const period = periods.find(([, at]) => Number(at) <= start && start < Number(at) + 32)!;
    const pto = Number(/presentationTimeOffset="(\d+)"/.exec(period[0])![1]);
    const startNumber = Number(/startNumber="(\d+)"/.exec(period[0])![1]);
    const number = startNumber + Math.floor((start - Number(period[1])) / 3.2);
    expect(video!.offset).toBeCloseTo(Number(period[1]) - pto / 1000, 6);
    expect(audio!.offset).toBe(video!.offset);
    const name = (id: number) => `chunk-stream${id}-${String(number).padStart(5, '0')}.m4s`;
    expect(video!.media.endsWith(`/${name(0)}`)).toBe(true);
    expect(audio!.media.endsWith(`/${name(1)}`)).toBe(true);
    expect(video!.init.endsWith('/init-stream0.m4s')).toBe(true);
    // And the next segment of its block (this instant's is not the block's last).
    const next = (id: number) => `chunk-stream${id}-${String(number + 1).padStart(5, '0')}.m4s`;
    expect(number - startNumber).toBeLessThan(9);
    expect(video!.following.map((url) => url.slice(url.lastIndexOf('/') + 1))).toEqual([next(0)]);
    expect(audio!.following.map((url) => url.slice(url.lastIndexOf('/') + 1))).toEqual([next(1)]);
    expect(res.body).toContain(
      `<link rel="preload" as="fetch" crossorigin href="${video!.following[0]!.replace(/&/g, '&amp;')}" fetchpriority="low" />`,
    );
    // Each file preloaded, and the first script that shows them.
    for (const track of [video!, audio!])
      for (const url of [track.init, track.media])
        expect(res.body).toContain(
          `<link rel="preload" as="fetch" crossorigin href="${url.replace(/&/g, '&amp;')}" />`,
        );
    expect(res.body).toContain('<script type="module" async crossorigin src="/assets/first-picture-F.js"></script>');
    expect(res.body).toContain('<meta name="playz-first-script" content="/assets/first-script-R.js" />');
    // The app's entry is the first script's to import after the picture (decision 134), as on a
    // film's page: named, not run nor preloaded.
    expect(res.body).toContain('<meta name="playz-entry" content="/assets/index-A.js" />');
    expect(res.body).not.toContain('src="/assets/index-A.js"');
    // Without the picture the page is as any other.
    const visitor = await page('/channel/4');
    expect(visitor.body).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
  });

  it('its grant opens those two segments and the init segments, and needs no device place', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    // Another device of the account holds its one place (spec 1 §6).
    const other = await logInAs(t.app, 'abonne@playz.fr');
    const held = await t.app.inject({
      method: 'GET',
      url: '/api/1.2/channel/4/url/adaptive?target=player_dash',
      headers: { cookie: other },
    });
    expect(held.json().Error.Number).toBe(0);
    // A wrong slug is sent to the channel's own path (decision 014), which carries the picture.
    const moved = await page('/channel/4/wrong-slug', cookie);
    expect(moved.statusCode).toBe(301);
    const picture = pictureOf((await page(String(moved.headers.location), cookie)).body)!;
    const [video] = picture.picture;
    const fetch = (url: string, as?: string) => t.app.inject({ method: 'GET', url, headers: as ? { cookie: as } : {} });
    for (const url of [video!.init, video!.media, ...video!.following])
      expect((await fetch(url, cookie)).statusCode).toBe(200);
    // Another segment through the same grant: refused.
    const next = video!.media.replace(
      /-(\d{5})\.m4s$/,
      (_, n: string) => `-${String(Number(n) + 2).padStart(5, '0')}.m4s`,
    );
    expect((await fetch(next, cookie)).statusCode).toBe(403);
    // This device's own View is refused meanwhile: the page's call tells the viewer (the first
    // script then drops the stand-in unseen).
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/1.2/channel/4/url/adaptive?target=player_dash',
      headers: { cookie },
    });
    expect(refused.json().Error.Number).toBe(4);
    expect((await t.app.inject(post('/customer/playback/stop', {}, { cookie: other }))).json().Error.Number).toBe(0);
  });

  it('none for a visitor, an account without live, Safari (HLS), a HEAD, another page or an unknown channel', async () => {
    expect(pictureOf((await page('/channel/4')).body)).toBeNull();
    const visitor = await logInAs(t.app, 'visiteur@playz.fr');
    expect(pictureOf((await page('/channel/4', visitor)).body)).toBeNull();
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    expect(pictureOf((await page('/channel/4', cookie, SAFARI)).body)).toBeNull();
    const head = await page('/channel/4', cookie, CHROMIUM, 'HEAD');
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(pictureOf((await page('/channels', cookie)).body)).toBeNull();
    expect(pictureOf((await page('/channel/999999', cookie)).body)).toBeNull();
  });

  it('none where the programme on air asks the parental code (decision 064); the channel beside it has one', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    expect((await t.app.inject(post('/customer/edit', { parentalCode: '2468' }, { cookie }))).json().Error.Number).toBe(
      0,
    );
    expect(pictureOf((await page('/channel/13', cookie)).body)).toBeNull();
    expect(pictureOf((await page('/channel/4', cookie)).body)?.channelId).toBe(4);
  });
});
