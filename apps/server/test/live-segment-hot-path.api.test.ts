import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveTestApp, fetchLive, liveFromMemory, livePlaylistOf, withoutPerAnswer } from './support/live-app';
import { logInAs, type TestApp } from './test-app';

// A fixed clock the test moves: 2026-11-24 20:00:04 UTC, 4 s into a block (decision 022).
const START = Date.UTC(2026, 10, 24, 20, 0, 4);
let clock = START;
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createLiveTestApp({ now: () => new Date(clock), listen: true });
  base = t.config.publicUrl;
});
afterAll(() => t.close());

const playlistOf = (cookie: string, channel: number) => livePlaylistOf(t, cookie, channel);
/** Live segments answered before routing so far, as GET /metrics tells an operator. */
const fromMemory = () => liveFromMemory(t, 'segments');
/** A segment fetched over HTTP, what it started reading behind it read before the next. */
const fetchSegment = (url: string, init?: RequestInit) => fetchLive(t, 'segments', url, { init, settle: true });
/** A playlist's segment paths, resolved against its own URL as a player does. */
async function segmentsOf(playlist: string): Promise<string[]> {
  const text = await (await fetch(`${base}${playlist}`)).text();
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => new URL(line, `${base}${playlist}`).pathname);
}

describe('spec 2 §7 live segments answered before routing (decision 126)', () => {
  it('spec 2 §7 a segment is answered from memory with the same status, headers and bytes as the route', async () => {
    clock = START;
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const playlist = await playlistOf(cookie, 1);
    const segments = await segmentsOf(playlist);
    for (const segment of [segments.at(-1)!, segments[0]!]) {
      const routed = await fetchSegment(segment);
      expect(routed).toMatchObject({ status: 200, hot: false });
      const hot = await fetchSegment(segment);
      expect(hot).toMatchObject({ status: 200, hot: true });
      expect(hot.body.equals(routed.body)).toBe(true);
      expect(withoutPerAnswer(hot.headers)).toEqual(withoutPerAnswer(routed.headers));
    }
    // The init segment of a listed folder too.
    const init = playlist.replace('media_0.m3u8', 'clips/city/init-stream0.m4s');
    const routed = await fetchSegment(init);
    const hot = await fetchSegment(init);
    expect([routed.hot, hot.hot]).toEqual([false, true]);
    expect(hot.body.toString()).toBe('city/init-stream0.m4s');
    expect(withoutPerAnswer(hot.headers)).toEqual(withoutPerAnswer(routed.headers));
    // What the routed answer says, which the hot one therefore says too.
    expect(hot.headers).toMatchObject({
      'content-type': 'video/iso.segment',
      'cache-control': 'private, max-age=3600',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(hot.headers['content-security-policy']).toContain("default-src 'self'");
    expect(hot.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  });

  it('spec 2 §7 a range, a conditional GET, HEAD and a query string go the full way and get the route’s answer', async () => {
    clock = START;
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const segment = (await segmentsOf(await playlistOf(cookie, 2))).at(-1)!;
    await fetchSegment(segment);
    const whole = await fetchSegment(segment);
    expect(whole.hot).toBe(true);
    const ranged = await fetchSegment(segment, { headers: { range: 'bytes=0-3' } });
    expect(ranged).toMatchObject({ status: 206, hot: false });
    expect(ranged.body.equals(whole.body.subarray(0, 4))).toBe(true);
    // node:http, not fetch: fetch adds `cache-control: no-cache` to a conditional request.
    const before = await fromMemory();
    const cached = await new Promise<number>((resolve, reject) =>
      http
        .get(`${base}${segment}`, { headers: { 'if-none-match': whole.headers.etag! } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode!));
        })
        .on('error', reject),
    );
    expect({ status: cached, hot: (await fromMemory()) - before === 1 }).toEqual({ status: 304, hot: false });
    expect(await fetchSegment(segment, { method: 'HEAD' })).toMatchObject({ status: 200, hot: false });
    expect(await fetchSegment(`${segment}?x=1`)).toMatchObject({ status: 200, hot: false });
  });

  it('spec 2 §7 a refusal is the route’s own 403, never answered from memory', async () => {
    clock = START;
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const playlist = await playlistOf(cookie, 3);
    const segment = (await segmentsOf(playlist)).at(-1)!;
    await fetchSegment(segment);
    expect((await fetchSegment(segment)).hot).toBe(true);
    // A segment number the window does not list, under the same grant and folder.
    const unlisted = segment.replace(/chunk-stream0-\d{5}/, 'chunk-stream0-99999');
    const refused = await fetchSegment(unlisted);
    expect(refused).toMatchObject({ status: 403, hot: false });
    expect(refused.body.toString()).toBe('Forbidden');
    expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['cache-control']).toBeUndefined();
  });
});
