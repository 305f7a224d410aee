import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAs, type TestApp } from '../test-app';
import { errorNumber, post } from '../accounts-test-support';
import { createLiveTestApp, liveGrantCheck, livePlaylistOf } from '../support/live-app';
import { report } from './security-support';

/**
 * Shared live playlists (spec 2 §7 channel streams, decision 096). A channel's HLS media playlist is
 * the same bytes for every viewer: its segments are listed relative to the playlist's URL, so they
 * hang under the viewer's own live grant (`/live/{grant}/clips/…`), and no short segment grant
 * bounds them any more. Pass rule: a copied playlist URL, and the segments under it, open only
 * while the grant lives; a device that said it stopped gets no segment under its grant until it
 * asks a stream again; a grant opens only the segments its own channel's window lists — never
 * another channel's — on the app's route and in nginx's check alike.
 */
const START = Date.UTC(2026, 10, 24, 20, 0, 4);
let clock = START;
let t: TestApp;
let requests = 0;

beforeAll(async () => {
  t = await createLiveTestApp({ now: () => new Date(clock), env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
});
afterAll(() => {
  report('live shared playlists', { requests });
  return t.close();
});

const fetch = (url: string) => {
  requests++;
  return t.app.inject({ method: 'GET', url });
};
/** nginx's question before it serves a live segment itself (deploy/nginx/playz.conf). */
const nginx = (uri: string) => {
  requests++;
  return liveGrantCheck(t, uri);
};
const playlistOf = (cookie: string, channel: number) => livePlaylistOf(t, cookie, channel);
/** A playlist's segment URLs, resolved against its own URL. */
async function segmentsOf(playlist: string): Promise<string[]> {
  const res = await fetch(playlist);
  expect(res.statusCode).toBe(200);
  return res.body
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => new URL(line, `http://playz${playlist}`).pathname);
}
/** The part of a segment URL after its grant: `clips/{clip}/{file}`. */
const fileOf = (url: string) => url.split('/').slice(3).join('/');
const under = (playlist: string, file: string) => playlist.replace('media_0.m3u8', file);

describe('spec 2 §7 shared live playlists: every segment is checked against the playlist’s grant (decision 096)', () => {
  it('spec 2 §7 a copied playlist URL and its segments open while the grant lives, never after it ended', async () => {
    clock = START;
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const copied = await playlistOf(cookie, 1);
    // Anyone holding the URL plays it (no cookie): the grant is the authority while it lives.
    expect((await fetch(copied)).statusCode).toBe(200);

    // A minute before the grant's six hours are up: still open, its newest segment too.
    clock = START + 6 * 3600_000 - 60_000;
    const segment = (await segmentsOf(copied)).at(-1)!;
    expect((await fetch(segment)).statusCode).toBe(200);
    expect((await nginx(segment)).statusCode).toBe(200);

    // Two minutes later the grant has ended; the segment is still in the channel's window.
    clock += 120_000;
    expect((await fetch(copied)).statusCode).toBe(403);
    expect((await fetch(segment)).statusCode).toBe(403);
    expect((await nginx(segment)).statusCode).toBe(403);
    // The same segment under a fresh grant of the same session opens: it is the grant that ended.
    const fresh = await playlistOf(cookie, 1);
    expect((await fetch(under(fresh, fileOf(segment)))).statusCode).toBe(200);
  });

  it('spec 2 §7 a device that said it stopped gets no segment under its grant until it asks a stream again', async () => {
    clock = START;
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const playlist = await playlistOf(cookie, 3);
    const segment = (await segmentsOf(playlist)).at(-1)!;
    expect((await fetch(segment)).statusCode).toBe(200);

    const stop = await t.app.inject(post('/customer/playback/stop', {}, { cookie }));
    expect(errorNumber(stop)).toBe(0);
    expect((await fetch(segment)).statusCode).toBe(403);
    expect((await nginx(segment)).statusCode).toBe(403);
    // Every segment of the window, not only the one fetched before.
    expect((await fetch((await segmentsOf(await playlistOf(cookie, 3)))[0]!)).statusCode).toBe(200);
    // Asking the stream again cleared the stop: the old grant's segments open again for this device.
    expect((await fetch(segment)).statusCode).toBe(200);
  });

  it('spec 2 §7 a grant opens only its own channel’s listed segments, never another channel’s', async () => {
    clock = START;
    const viewer = await logInAs(t.app, 'abonne@playz.fr');
    const other = await logInAs(t.app, 'demo@playz.fr');
    const mine = await playlistOf(viewer, 2);
    const theirs = await playlistOf(other, 4);
    const listed = new Set((await segmentsOf(mine)).map(fileOf));
    const foreign = (await segmentsOf(theirs)).map(fileOf).filter((file) => !listed.has(file));
    expect(foreign.length).toBeGreaterThan(0);
    // Channel 4’s own grant opens them.
    expect((await fetch(under(theirs, foreign.at(-1)!))).statusCode).toBe(200);
    for (const file of [foreign[0]!, foreign.at(-1)!]) {
      expect((await fetch(under(mine, file))).statusCode, file).toBe(403);
      expect((await nginx(under(mine, file))).statusCode, file).toBe(403);
    }
    // Its own channel's listed segments open under it, on the route and in nginx's check.
    const own = [...listed].at(-1)!;
    expect((await fetch(under(mine, own))).statusCode).toBe(200);
    expect((await nginx(under(mine, own))).statusCode).toBe(200);
    // Paths that are no segment of any window: refused, never a file (a `..` is resolved by the
    // URL itself to a manifest name the grant does not have: 404).
    for (const file of ['clips/city/manifest.mpd', 'clips/city/media_0.m3u8', 'clips/city/init-stream0.mp4']) {
      expect((await fetch(under(mine, file))).statusCode, file).toBe(403);
    }
    expect((await fetch(under(mine, 'clips/city/../../stream-secret.key'))).statusCode).toBe(404);
  });
});
