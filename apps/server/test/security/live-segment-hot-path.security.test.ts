import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveTestApp, fetchLive, livePlaylistOf } from '../support/live-app';
import { logInAs, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Live segments answered before routing (decision 126), as the playlist is (decision 039): the
 * grant, the window and the session's state are checked from memory, then the file is sent from
 * memory. Pass rule: the memory path keeps every refusal of the route (decision 096) — a copied
 * URL stops when its grant ends, a device that said it stopped and a logged-out session get no
 * segment, a grant opens no other channel's segment — each refused with the route's own 403 the
 * very next request, though the same segment was answered from memory just before.
 */
const START = Date.UTC(2026, 10, 24, 20, 0, 4);
const GRANT_MS = 6 * 3600_000;
let clock = START;
let t: TestApp;
let base: string;
let requests = 0;

beforeAll(async () => {
  t = await createLiveTestApp({ now: () => new Date(clock), listen: true, env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
  base = t.config.publicUrl;
});
afterAll(() => {
  report('live segments from memory', { requests });
  return t.close();
});

/** A segment over HTTP (the memory path is before Fastify: inject never reaches it). */
async function get(url: string): Promise<{ status: number; hot: boolean }> {
  requests++;
  const { status, hot } = await fetchLive(t, 'segments', url, { settle: true });
  return { status, hot };
}
const playlistOf = (cookie: string, channel: number) => livePlaylistOf(t, cookie, channel);
async function newestSegmentOf(playlist: string): Promise<string> {
  requests++;
  const text = await (await fetch(`${base}${playlist}`)).text();
  const line = text
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .at(-1)!;
  return new URL(line, `${base}${playlist}`).pathname;
}
/** The part of a segment URL after its grant: `clips/{clip}/{file}`. */
const fileOf = (url: string) => url.split('/').slice(3).join('/');
const under = (playlist: string, file: string) => playlist.replace('media_0.m3u8', file);
/** A segment answered from memory: fetched once by the route (which reads what it needs), then hot. */
async function warm(url: string) {
  expect((await get(url)).status).toBe(200);
  expect(await get(url)).toEqual({ status: 200, hot: true });
}

describe('spec 2 §7 live segments from memory keep every refusal of the route (decision 126)', () => {
  it('spec 2 §7 a copied segment URL answered from memory stops the moment its grant ends', async () => {
    clock = START;
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const copied = await playlistOf(cookie, 1);
    // 0.9 s before the grant's six hours are up (its end is a whole second, open through that
    // second): its newest segment, answered from memory.
    clock = START + GRANT_MS - 900;
    const segment = await newestSegmentOf(copied);
    await warm(segment);
    // 1.9 s later the grant has ended; the guide read (under 2 s old) and the file are still in memory.
    clock += 1900;
    expect(await get(segment)).toEqual({ status: 403, hot: false });
    // The same segment under a fresh grant of the same session is answered from memory: only the grant ended.
    const fresh = await playlistOf(cookie, 1);
    expect(await get(under(fresh, fileOf(segment)))).toEqual({ status: 200, hot: true });
  });

  it('spec 2 §7 a device that said it stopped, and a logged-out session, get no segment from memory', async () => {
    clock = START;
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const segment = await newestSegmentOf(await playlistOf(cookie, 3));
    await warm(segment);
    const stop = await t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });
    expect(stop.json().Error.Number).toBe(0);
    expect(await get(segment)).toEqual({ status: 403, hot: false });

    const other = await logInAs(t.app, 'abonne@playz.fr');
    const theirs = await newestSegmentOf(await playlistOf(other, 3));
    await warm(theirs);
    await t.app.inject({ method: 'GET', url: '/api/1.2/customer/logout', headers: { cookie: other } });
    expect(await get(theirs)).toEqual({ status: 403, hot: false });
  });

  it('spec 2 §7 a grant opens no other channel’s segment from memory, though that file is in memory', async () => {
    clock = START;
    const viewer = await logInAs(t.app, 'abonne@playz.fr');
    const mine = await playlistOf(viewer, 2);
    const theirs = await playlistOf(viewer, 4);
    const own = await newestSegmentOf(mine);
    const foreign = await newestSegmentOf(theirs);
    expect(fileOf(foreign)).not.toBe(fileOf(own));
    await warm(own);
    await warm(foreign);
    expect(await get(under(mine, fileOf(foreign)))).toEqual({ status: 403, hot: false });
  });
});
