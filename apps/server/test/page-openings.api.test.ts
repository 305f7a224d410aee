import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOceanClip } from './support/ocean-clip';
import { createTestApp, logInAs, type TestApp } from './test-app';

// Decision 045: a first visit's content player page (spec 2 §2) starts its film in the page's
// HTML, under an opening grant (decision 044) whose HLS lists only its few segments.
const MINUTE = 60_000;
let clock = Date.UTC(2026, 10, 27, 20, 0);
const now = () => new Date(clock);
const INDEX =
  '<!doctype html>\n<html lang="fr">\n  <head>\n    <title>Playz</title>\n  </head>\n  <body><div id="root"></div>\n  </body>\n</html>\n';
const PAGE = '/content/1001/l-ete-indien';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
  t = await createTestApp({ now, env: { WEB_DIST_DIR: webDir, MAX_SIMULTANEOUS_DEVICES: '1' } });
  writeOceanClip(t.config.dataDir);
  const dir = path.join(t.config.dataDir, 'media/clips/ocean');
  const segments = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  fs.writeFileSync(
    path.join(dir, 'media_0.m3u8'),
    [
      ...['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:3', '#EXT-X-PLAYLIST-TYPE:VOD'],
      ...['#EXT-X-MEDIA-SEQUENCE:1', '#EXT-X-MAP:URI="init-stream0.m4s"'],
      ...segments.flatMap((n) => ['#EXTINF:3.200000,', `chunk-stream0-${String(n).padStart(5, '0')}.m4s`]),
      '#EXT-X-ENDLIST',
      '',
    ].join('\n'),
  );
  for (const n of segments.slice(1))
    fs.writeFileSync(path.join(dir, `chunk-stream0-${String(n).padStart(5, '0')}.m4s`), `segment ${n}`);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** Each test signs in afresh past the openings' count (ten minutes) and the last device place. */
async function signedIn(login = 'abonne@playz.fr'): Promise<string> {
  clock += 11 * MINUTE;
  return logInAs(t.app, login);
}
const openPage = (cookie: string | null, url = PAGE) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const openingOf = (html: string) => {
  const tag = /<video class="opening-launched"[^>]*><\/video>/.exec(html)?.[0];
  if (!tag) return null;
  const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&amp;', '&');
  return { tag, key: attribute('data-page-opening'), offset: attribute('data-offset'), src: attribute('src')! };
};
/** The media playlist a native HLS player reads from the opening's multivariant playlist. */
async function mediaPlaylistOf(src: string) {
  const masterUrl = src.split('#')[0]!;
  const master = await t.app.inject(masterUrl);
  expect(master.statusCode).toBe(200);
  const mediaLine = master.body.split('\n').find((line) => line && !line.startsWith('#'))!;
  const mediaUrl = new URL(mediaLine, `http://x${masterUrl}`).pathname;
  const media = await t.app.inject(mediaUrl);
  expect(media.statusCode).toBe(200);
  const segments = media.body.split('\n').filter((line) => line.includes('chunk-'));
  return { text: media.body, segments, base: segments[0]!.slice(0, segments[0]!.lastIndexOf('/') + 1) };
}

describe('page openings (decision 045; spec 2 §2 content player, §4 resume and access to play)', () => {
  it('a subscriber’s first visit: the film from its start, playing itself, three segments listed, never cached', async () => {
    const cookie = await signedIn();
    const res = await openPage(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const opening = openingOf(res.body)!;
    expect(opening).not.toBeNull();
    expect(opening.key).toBe('1001@0');
    expect(opening.offset).toBe('0');
    expect(opening.src).toMatch(/^\/media\/s\/[^/]+\/clips\/ocean\/master\.m3u8$/);
    expect(opening.tag).toContain(' autoplay playsinline preload="auto" aria-hidden="true" tabindex="-1"');
    // After the app's root, inside the body.
    expect(res.body.indexOf('data-page-opening')).toBeGreaterThan(res.body.indexOf('id="root"'));
    expect(res.body.indexOf('data-page-opening')).toBeLessThan(res.body.indexOf('</body>'));

    const media = await mediaPlaylistOf(opening.src);
    expect(media.segments.map((s) => s.slice(-9))).toEqual(['00001.m4s', '00002.m4s', '00003.m4s']);
    expect(media.text).toContain('#EXT-X-MEDIA-SEQUENCE:1\n');
    expect(media.text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect((await t.app.inject(`${media.base}chunk-stream0-00003.m4s`)).body).toBe('segment 3');
    expect((await t.app.inject(`${media.base}chunk-stream0-00004.m4s`)).statusCode).toBe(403);
  });

  it('from the resume point: the segment holding it and the two after, the native player’s zero at its start', async () => {
    const cookie = await signedIn();
    const saved = await t.app.inject({ url: '/api/1.2/content/1001/playback/status?playback_time=10', headers: { cookie } });
    expect(saved.json().Error.Number).toBe(0);
    const opening = openingOf((await openPage(cookie)).body)!;
    expect(opening.key).toBe('1001@10');
    // 10 s is in the fourth segment (9.6–12.8 s): the stream starts at 9.6 s, the fragment 0.4 s in.
    expect(opening.offset).toBe('9.6');
    expect(opening.src).toMatch(/master\.m3u8#t=0\.400$/);
    const media = await mediaPlaylistOf(opening.src);
    expect(media.segments.map((s) => s.slice(-9))).toEqual(['00004.m4s', '00005.m4s', '00006.m4s']);
    expect(media.text).toContain('#EXT-X-MEDIA-SEQUENCE:4\n');
    expect((await t.app.inject(`${media.base}chunk-stream0-00003.m4s`)).statusCode).toBe(403);
    expect((await t.app.inject(`${media.base}chunk-stream0-00007.m4s`)).statusCode).toBe(403);
    const reset = await t.app.inject({ url: '/api/1.2/content/1001/playback/status?playback_time=0', headers: { cookie } });
    expect(reset.json().Error.Number).toBe(0);
  });

  it('none for a visitor, an account without the right to View, nor a page opened with a query', async () => {
    const visitor = await openPage(null);
    expect(visitor.statusCode).toBe(200);
    expect(openingOf(visitor.body)).toBeNull();
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(openingOf((await openPage(await signedIn('visiteur@playz.fr'))).body)).toBeNull();
    expect(openingOf((await openPage(await signedIn(), `${PAGE}?airing=12`)).body)).toBeNull();
  });

  it('counts as an opening: the fourth first visit in ten minutes gets none, until the film is played', async () => {
    const cookie = await signedIn();
    for (let visit = 1; visit <= 3; visit++) expect(openingOf((await openPage(cookie)).body)).not.toBeNull();
    expect(openingOf((await openPage(cookie)).body)).toBeNull();
    const view = await t.app.inject({
      url: '/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_hls',
      headers: { cookie },
    });
    expect(view.json().Error.Number).toBe(0);
    expect(openingOf((await openPage(cookie)).body)).not.toBeNull();
  });
});
