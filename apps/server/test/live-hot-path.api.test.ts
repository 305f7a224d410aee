import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveTestApp, fetchLive, withoutPerAnswer } from './support/live-app';
import { logInAs, type TestApp } from './test-app';

// A fixed clock the test moves: 2026-11-24 20:00:04 UTC, 4 s into a block (decision 022).
const START = Date.UTC(2026, 10, 24, 20, 0, 4);
let clock = START;
let t: TestApp;
beforeAll(async () => void (t = await createLiveTestApp({ now: () => new Date(clock), listen: true })));
afterAll(() => t.close());

const streamUrl = async (path: string, cookie: string) =>
  (await t.app.inject({ url: `/api/1.2${path}`, headers: { cookie } })).json().Response.AdaptiveStream.url as string;
/** A manifest fetched over HTTP (the hot path is before Fastify: inject never reaches it). */
const fetchManifest = (url: string, init?: RequestInit) => fetchLive(t, 'manifests', url, { init });

describe('live manifest reloads answered from memory (decision 039, spec 2 §7 channel streams)', () => {
  it('a reload is answered before routing with the same status, headers and bytes as the route', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = (await streamUrl('/channel/1/url/adaptive?target=player_hls', cookie)).replace(
      'master.m3u8',
      'media_0.m3u8',
    );
    const first = await fetchManifest(url);
    expect(first).toMatchObject({ status: 200, hot: false });
    const reload = await fetchManifest(url);
    expect(reload).toMatchObject({ status: 200, hot: true });
    expect(reload.body.toString()).toBe(first.body.toString());
    expect(withoutPerAnswer(reload.headers)).toEqual(withoutPerAnswer(first.headers));
    expect(reload.headers['content-security-policy']).toContain("default-src 'self'");
    // The same bytes for every viewer (decision 096): a shared cache may keep them a second.
    expect(reload.headers['cache-control']).toBe('public, max-age=1');
  });

  it('DASH MPDs and the master playlist too; HEAD and a query string go the full way', async () => {
    const cookie = await logInAs(t.app, 'demo@playz.fr');
    const mpd = await streamUrl('/channel/4/url/adaptive?target=player_dash', cookie);
    const first = await fetchManifest(mpd);
    const reload = await fetchManifest(mpd);
    expect([first.hot, reload.hot]).toEqual([false, true]);
    expect(reload.body.toString()).toBe(first.body.toString());
    expect(withoutPerAnswer(reload.headers)).toEqual(withoutPerAnswer(first.headers));
    const master = mpd.replace('manifest.mpd', 'master.m3u8');
    expect((await fetchManifest(master)).hot).toBe(true);
    expect(await fetchManifest(master, { method: 'HEAD' })).toMatchObject({ status: 200, hot: false });
    expect(await fetchManifest(`${master}?x=1`)).toMatchObject({ status: 200, hot: false });
  });

  it('a stopped device, a logged-out session and a tampered grant are refused by the route, never from memory', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await streamUrl('/channel/2/url/adaptive?target=player_hls', cookie);
    await fetchManifest(url);
    expect((await fetchManifest(url)).hot).toBe(true);
    const stop = await t.app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });
    expect(stop.json().Error.Number).toBe(0);
    expect(await fetchManifest(url)).toMatchObject({ status: 403, hot: false });

    const other = await logInAs(t.app, 'abonne@playz.fr');
    const otherUrl = await streamUrl('/channel/2/url/adaptive?target=player_hls', other);
    await fetchManifest(otherUrl);
    expect((await fetchManifest(otherUrl)).hot).toBe(true);
    await t.app.inject({ method: 'GET', url: '/api/1.2/customer/logout', headers: { cookie: other } });
    expect(await fetchManifest(otherUrl)).toMatchObject({ status: 403, hot: false });

    const tampered = otherUrl.replace(/\/live\/([^/]+)\//, (_, token: string) => `/live/${token.slice(0, -2)}xx/`);
    expect(await fetchManifest(tampered)).toMatchObject({ status: 403, hot: false });
  });

  it('a stale guide read (over 2 s) or session state (over 5 s) is read again by the route first', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await streamUrl('/channel/3/url/adaptive?target=player_hls', cookie);
    const media = url.replace('master.m3u8', 'media_0.m3u8');
    await fetchManifest(media);
    expect((await fetchManifest(media)).hot).toBe(true);
    clock += 2100;
    expect(await fetchManifest(media)).toMatchObject({ status: 200, hot: false });
    expect((await fetchManifest(media)).hot).toBe(true);
    await t.app.live.settled();
    // Another viewer of the channel keeps its guide read fresh (read behind its reloads, decision
    // 112) while this one reloads nothing for 5.4 s: its session's state is then too old.
    const other = await logInAs(t.app, 'abonne@playz.fr');
    const otherMedia = (await streamUrl('/channel/3/url/adaptive?target=player_hls', other)).replace(
      'master.m3u8',
      'media_0.m3u8',
    );
    await fetchManifest(otherMedia);
    for (let step = 0; step < 6; step++) {
      clock += 900;
      expect((await fetchManifest(otherMedia)).hot).toBe(true);
      await t.app.live.settled();
    }
    expect((await fetchManifest(media)).hot).toBe(false);
  });
});
