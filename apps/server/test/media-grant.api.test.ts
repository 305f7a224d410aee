import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { writeOceanClip } from './support/ocean-clip';

// Decision 038: nginx serves segments itself after asking GET /internal/media-grant, which must
// answer as the app's own media route would (decisions 006, 022): signature, expiry,
// the grant's folder, stop marks, ended sessions.
const MINUTE = 60_000;
let clock = Date.UTC(2026, 10, 22, 20, 0);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  writeOceanClip(t.config.dataDir);
  const dir = path.join(t.config.dataDir, 'media/clips/ocean');
  fs.writeFileSync(path.join(dir, 'manifest.mpd'), '<MPD>\n<Period id="0"></Period>\n</MPD>\n');
  fs.writeFileSync(path.join(dir, 'chunk-stream0-00001.m4s'), 'segment');
});
afterAll(() => t.close());

/** A logged device's segment URL, as the manifest lists it. */
async function segmentOfNewStream(): Promise<{ cookie: string; segment: string }> {
  const cookie = await logInAs(t.app, 'abonne@playz.fr');
  const view = await t.app.inject({
    url: '/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_dash',
    headers: { cookie },
  });
  const manifest = await t.app.inject(view.json().Response.AdaptiveStream.url);
  const base = /<BaseURL>([^<]+)<\/BaseURL>/.exec(manifest.body)![1]!;
  return { cookie, segment: `${new URL(base, 'http://x').pathname}chunk-stream0-00001.m4s` };
}
const ask = (uri: string) => t.app.inject({ url: '/internal/media-grant', headers: { 'x-original-uri': uri } });

describe("GET /internal/media-grant — nginx's grant check for segments (decisions 038, 043)", () => {
  it('spec 2 §4 stream URLs: a valid grant is allowed, kept for a few seconds; the app serves the same', async () => {
    const { segment } = await segmentOfNewStream();
    const answer = await ask(segment);
    expect(answer.statusCode).toBe(200);
    expect(Number(answer.headers['x-accel-expires'])).toBeGreaterThan(0);
    expect(Number(answer.headers['x-accel-expires'])).toBeLessThanOrEqual(5);
    expect((await t.app.inject(segment)).statusCode).toBe(200);
  });

  it('decision 006: a tampered signature, another folder, a manifest or no URI are refused', async () => {
    const { segment } = await segmentOfNewStream();
    const [, , , token] = segment.split('/');
    const tampered = segment.replace(token!, `${token!.slice(0, -2)}${token!.endsWith('AA') ? 'BB' : 'AA'}`);
    expect((await ask(tampered)).statusCode).toBe(403);
    expect((await t.app.inject(tampered)).statusCode).toBe(403);
    expect((await ask(segment.replace('clips/ocean/', 'clips/aurora/'))).statusCode).toBe(403);
    expect((await ask(segment.replace('clips/ocean/', 'clips/ocean/../aurora/'))).statusCode).toBe(403);
    expect((await ask(segment.replace('chunk-stream0-00001.m4s', 'manifest.mpd'))).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/internal/media-grant' })).statusCode).toBe(403);
  });

  it('decision 022: an expired grant is refused', async () => {
    const { segment } = await segmentOfNewStream();
    clock += 60 * MINUTE;
    expect((await ask(segment)).statusCode).toBe(403);
  });

  it('decision 022: a device that stopped, or a session that ended, gets no more segments', async () => {
    const stopped = await segmentOfNewStream();
    expect((await ask(stopped.segment)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie: stopped.cookie } });
    expect((await ask(stopped.segment)).statusCode).toBe(403);

    const loggedOut = await segmentOfNewStream();
    expect((await ask(loggedOut.segment)).statusCode).toBe(200);
    await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie: loggedOut.cookie } });
    expect((await ask(loggedOut.segment)).statusCode).toBe(403);
  });

  it('spec 2 §4 Preview: a teaser grant opens its own segments only, and nginx may not keep the answer', async () => {
    const preview = await t.app.inject({
      url: '/api/1.2/content/1001/url/adaptive?product_usage=Preview&target=player_dash',
    });
    const manifest = await t.app.inject(preview.json().Response.AdaptiveStream.url);
    const base = new URL(/<BaseURL>([^<]+)<\/BaseURL>/.exec(manifest.body)![1]!, 'http://x').pathname;
    const first = await ask(`${base}chunk-stream0-00001.m4s`);
    expect(first.statusCode).toBe(200);
    // The answer depends on the segment number: kept per folder, it would open the whole film.
    expect(first.headers['x-accel-expires']).toBe('0');
    expect((await ask(`${base}chunk-stream0-99999.m4s`)).statusCode).toBe(403);
    // A preview's media playlists are cut by the app: its segment grant never opens the whole one.
    expect((await ask(`${base}media_0.m3u8`)).statusCode).toBe(403);
  });

  it("decision 042: a finished clip's media playlist is allowed like its segments, the manifests that carry the checks are not", async () => {
    const { cookie, segment } = await segmentOfNewStream();
    const playlist = segment.replace('chunk-stream0-00001.m4s', 'media_0.m3u8');
    const answer = await ask(playlist);
    expect(answer.statusCode).toBe(200);
    expect(Number(answer.headers['x-accel-expires'])).toBeGreaterThan(0);
    expect((await ask(segment.replace('chunk-stream0-00001.m4s', 'master.m3u8'))).statusCode).toBe(403);
    expect((await ask(segment.replace('chunk-stream0-00001.m4s', 'media_x.m3u8'))).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });
    expect((await ask(playlist)).statusCode).toBe(403);
  });
});
