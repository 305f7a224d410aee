import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOceanClip } from './support/ocean-clip';
import { createTestApp, logInAs, type TestApp } from './test-app';

// Decision 044: a content's opening, its first seconds before the press, taking no device place.
const MINUTE = 60_000;
let clock = Date.UTC(2026, 10, 26, 20, 0);
const now = () => new Date(clock);

let t: TestApp;
beforeAll(async () => {
  // One place per account: an opening must never need one.
  t = await createTestApp({ now, env: { MAX_SIMULTANEOUS_DEVICES: '1' } });
  writeOceanClip(t.config.dataDir);
  const dir = path.join(t.config.dataDir, 'media/clips/ocean');
  for (const n of [2, 3, 4, 5, 6]) fs.writeFileSync(path.join(dir, `chunk-stream0-0000${n}.m4s`), `segment ${n}`);
});
afterAll(() => t.close());

const askOpening = (app: FastifyInstance, cookie: string | null, query = 'target=player_dash') =>
  app.inject({ url: `/api/1.2/content/1001/url/opening?${query}`, headers: cookie ? { cookie } : {} });
const askView = (app: FastifyInstance, cookie: string) =>
  app.inject({ url: '/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_dash', headers: { cookie } });
const baseOf = (mpd: string) => /<BaseURL>([^<]+)<\/BaseURL>/.exec(mpd)![1]!;

/**
 * Each test signs in afresh past the openings' count (ten minutes) and the last test's device
 * place (a silent device's lease ends after 3 minutes), so they stay apart.
 */
async function signedIn(login = 'abonne@playz.fr'): Promise<string> {
  clock += 11 * MINUTE;
  return logInAs(t.app, login);
}

describe('openings (decision 044; spec 2 §4 access to play, spec 1 §6 devices limit)', () => {
  it('gives a subscriber the whole film’s manifest under a grant that opens three segments from the start', async () => {
    const cookie = await signedIn();
    const answer = await askOpening(t.app, cookie);
    expect(answer.statusCode).toBe(200);
    const stream = answer.json().Response.AdaptiveStream;
    expect(stream).toMatchObject({ type: 'dash', usage: 'View', contentProtection: null });
    // A minute to be pressed.
    expect(Date.parse(stream.expiresAt) - clock).toBe(MINUTE);
    // No cookie needed, as for any stream URL (the grant is the authority).
    const manifest = await t.app.inject(stream.url);
    expect(manifest.statusCode).toBe(200);
    // The film's own length: the player's timeline is the film's, not a preview's.
    expect(manifest.body).toContain('mediaPresentationDuration="PT32.0S"');
    const base = baseOf(manifest.body);
    expect((await t.app.inject(`${base}init-stream0.m4s`)).body).toBe('init');
    expect((await t.app.inject(`${base}chunk-stream0-00001.m4s`)).body).toBe('segment');
    expect((await t.app.inject(`${base}chunk-stream0-00002.m4s`)).body).toBe('segment 2');
    expect((await t.app.inject(`${base}chunk-stream0-00003.m4s`)).body).toBe('segment 3');
    expect((await t.app.inject(`${base}chunk-stream0-00004.m4s`)).statusCode).toBe(403);
  });

  it('opens from the resume point, at least 6.4 s of it and the segment before: start=7 s is the second to the fifth', async () => {
    const cookie = await signedIn();
    const stream = (await askOpening(t.app, cookie, 'target=player_dash&start=7')).json().Response.AdaptiveStream;
    const base = baseOf((await t.app.inject(stream.url)).body);
    expect((await t.app.inject(`${base}chunk-stream0-00001.m4s`)).statusCode).toBe(403);
    for (const n of [2, 3, 4, 5])
      expect((await t.app.inject(`${base}chunk-stream0-0000${n}.m4s`)).body).toBe(`segment ${n}`);
    expect((await t.app.inject(`${base}chunk-stream0-00006.m4s`)).statusCode).toBe(403);
  });

  it('through nginx too (decision 043): each segment is asked, never kept, and past the range refused', async () => {
    const cookie = await signedIn();
    const stream = (await askOpening(t.app, cookie)).json().Response.AdaptiveStream;
    const base = baseOf((await t.app.inject(stream.url)).body);
    const ask = (file: string) =>
      t.app.inject({ url: '/internal/media-grant', headers: { 'x-original-uri': `${base}${file}` } });
    const inRange = await ask('chunk-stream0-00001.m4s');
    expect(inRange.statusCode).toBe(200);
    expect(inRange.headers['x-accel-expires']).toBe('0');
    expect((await ask('chunk-stream0-00004.m4s')).statusCode).toBe(403);
  });

  it('takes no device place: a second device opens while the first plays, and its press is still refused', async () => {
    const playing = await signedIn();
    const pointing = await logInAs(t.app, 'abonne@playz.fr');
    expect((await askView(t.app, playing)).json().Error.Number).toBe(0);
    const stream = (await askOpening(t.app, pointing)).json().Response.AdaptiveStream;
    const manifest = await t.app.inject(stream.url);
    expect(manifest.statusCode).toBe(200);
    expect((await t.app.inject(`${baseOf(manifest.body)}chunk-stream0-00001.m4s`)).statusCode).toBe(200);
    // The press asks the place, which the first device holds (spec 1 §6).
    expect((await askView(t.app, pointing)).json().Error).toMatchObject({ Number: 4, Reason: 'DevicesLimitReached' });
    // The player that held the place still plays on (the opening took nothing from it).
    expect((await askView(t.app, playing)).json().Error.Number).toBe(0);
  });

  it('is not refused by the stop of the film just left (the viewer points at the next one)', async () => {
    const cookie = await signedIn();
    expect((await askView(t.app, cookie)).json().Error.Number).toBe(0);
    await t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });
    const stream = (await askOpening(t.app, cookie)).json().Response.AdaptiveStream;
    const manifest = await t.app.inject(stream.url);
    expect(manifest.statusCode).toBe(200);
    expect((await t.app.inject(`${baseOf(manifest.body)}chunk-stream0-00001.m4s`)).statusCode).toBe(200);
  });

  it('stops with the session: after log-out its manifest is refused', async () => {
    const cookie = await signedIn();
    const stream = (await askOpening(t.app, cookie)).json().Response.AdaptiveStream;
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
    expect((await t.app.inject(stream.url)).statusCode).toBe(403);
  });

  it('lists the whole film in HLS too: its media playlists open under the opening’s segment grant', async () => {
    const cookie = await signedIn();
    const stream = (await askOpening(t.app, cookie, 'target=player_hls')).json().Response.AdaptiveStream;
    expect(stream.type).toBe('hls');
    const master = (await t.app.inject(stream.url)).body;
    const mediaUrl = master.split('\n').find((line) => line.startsWith('/media/s/'))!;
    expect(mediaUrl).toMatch(/\/clips\/ocean\/media_0\.m3u8$/);
    const media = await t.app.inject(mediaUrl);
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-ENDLIST');
    expect((await t.app.inject(mediaUrl.replace('media_0.m3u8', 'chunk-stream0-00001.m4s'))).body).toBe('segment');
  });

  it('is for a signed-in viewer who may View: 11 for a visitor, 4 without the right, 20 for no film', async () => {
    expect((await askOpening(t.app, null)).json().Error.Number).toBe(11);
    const visitor = await signedIn('visiteur@playz.fr');
    const refused = await askOpening(t.app, visitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Error.Number).toBe(4);
    const cookie = await signedIn();
    const unknown = await t.app.inject({ url: '/api/1.2/content/424242/url/opening', headers: { cookie } });
    expect(unknown.json().Error.Number).toBe(20);
  });

  it('counts per customer: signing in again brings no new openings of a content', async () => {
    const first = await signedIn();
    for (let i = 0; i < 3; i++) expect((await askOpening(t.app, first)).json().Error.Number).toBe(0);
    const again = await logInAs(t.app, 'abonne@playz.fr');
    expect((await askOpening(t.app, again)).statusCode).toBe(429);
    // Another customer counts on their own.
    expect((await askOpening(t.app, await logInAs(t.app, 'demo@playz.fr'))).json().Error.Number).toBe(0);
  });

  it('answers 3 for a start that is not a time', async () => {
    const cookie = await signedIn();
    for (const start of ['-1', 'soon', '999999']) {
      const answer = await askOpening(t.app, cookie, `start=${start}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().Error.Number).toBe(3);
    }
  });

  it('gives a customer three openings of a content in ten minutes, more once they played it, then 4 with HTTP 429', async () => {
    const cookie = await signedIn();
    for (let i = 0; i < 3; i++) expect((await askOpening(t.app, cookie)).json().Error.Number).toBe(0);
    const refused = await askOpening(t.app, cookie, 'target=player_dash&locale=en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Error.Number).toBe(4);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another content is another count: pointing at cards is browsing.
    const other = await t.app.inject({ url: '/api/1.2/content/1002/url/opening', headers: { cookie } });
    expect(other.json().Error.Number).toBe(20);
    // Played with a place (its View stream, even written 0001001), the count starts again.
    const view = await t.app.inject({
      url: '/api/1.2/content/0001001/url/adaptive?product_usage=View&target=player_dash',
      headers: { cookie },
    });
    expect(view.json().Error.Number).toBe(0);
    expect((await askOpening(t.app, cookie)).json().Error.Number).toBe(0);
  });

  it('bounds a customer who hammers: thirty openings a minute in all', async () => {
    const cookie = await signedIn();
    for (let id = 2000; id < 2030; id++) {
      const answer = await t.app.inject({ url: `/api/1.2/content/${id}/url/opening`, headers: { cookie } });
      expect(answer.json().Error.Number).toBe(20);
    }
    expect((await askOpening(t.app, cookie)).statusCode).toBe(429);
    clock += MINUTE;
    expect((await askOpening(t.app, cookie)).json().Error.Number).toBe(0);
  });
});
