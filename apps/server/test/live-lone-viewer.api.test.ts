import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLiveTestApp, fetchLive } from './support/live-app';
import { logInAs, type TestApp } from './test-app';

// A fixed clock the test moves: 2026-11-24 21:00:04 UTC, 4 s into a block (decision 022).
const START = Date.UTC(2026, 10, 24, 21, 0, 4);
let clock = START;
let t: TestApp;
beforeAll(async () => void (t = await createLiveTestApp({ now: () => new Date(clock), listen: true })));
afterAll(() => t.close());

/** A media playlist fetched over HTTP, and whether it was answered before routing. */
async function reload(url: string) {
  const { status, hot } = await fetchLive(t, 'manifests', url);
  return { status, hot };
}
/** Moves the clock, then waits for the guide timer's next read (real time) to be answered. */
async function tick(ms: number) {
  clock += ms;
  const before = t.app.live.guideReadsBehind().started;
  await vi.waitFor(() => expect(t.app.live.guideReadsBehind().started).toBeGreaterThan(before), {
    timeout: 5000,
    interval: 50,
  });
  await t.app.live.settled();
}

describe('a lone viewer of a channel is answered from memory (decision 121, spec 2 §7 channel streams)', () => {
  it('its reload 3.2 s after the last finds the guide read kept fresh by the timer, which stops once nobody reloads', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = (await t.app.inject({ url: '/api/1.2/channel/1/url/adaptive?target=player_hls', headers: { cookie } }))
      .json()
      .Response.AdaptiveStream.url.replace('master.m3u8', 'media_0.m3u8') as string;
    expect(await reload(url)).toEqual({ status: 200, hot: false });
    expect(await reload(url)).toEqual({ status: 200, hot: true });
    // Nobody else watches channel 1 here: only the timer reads its guide between two reloads.
    await tick(1100);
    await tick(1100);
    clock += 1000;
    expect(await reload(url)).toEqual({ status: 200, hot: true });
    // No reload for over 8 s: the channel is no longer read.
    clock += 9000;
    await vi.waitFor(() => expect(t.app.live.guideReadsBehind().watched).toBe(0), { timeout: 5000, interval: 50 });
    const started = t.app.live.guideReadsBehind().started;
    clock += 1100;
    expect(t.app.live.guideReadsBehind()).toEqual({ started, watched: 0 });
  });
});
