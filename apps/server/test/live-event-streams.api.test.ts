import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureClips } from './support/live-media';
import { createTestApp, logInAs, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  writeFixtureClips(t.config.dataDir);
});
afterAll(() => t.close());

const streamOf = async (id: number, cookie?: string) =>
  t.app.inject({ url: `/api/1.2/live-event/${id}/url/adaptive?target=player_hls`, headers: cookie ? { cookie } : {} });

describe('live event streams (spec 2 §3, §4 Live event, §7)', () => {
  it('a running event (Processing) plays its channel live', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const event = (await t.app.inject('/api/1.2/live-event/2')).json().Response.LiveEvent;
    expect(event.state).toBe('Processing');
    const stream = (await streamOf(2, cookie)).json().Response.AdaptiveStream;
    // Playz Direct, which carries the events, is fed by the live encoder.
    expect(stream).toMatchObject({ window: 'live', usage: 'View' });
    expect(stream.url).toMatch(/\/live\/20\/master\.m3u8$/);
    // Its place counts as a live event's in the concurrent streams' history (decision 116), not a channel's.
    expect((await t.app.streamHistory.sample()).counts).toEqual({ vod: 0, live: 0, event: 1 });
  });

  it('a past event with contentID > 0 plays its replay; one to come with an Image countdown has no stream (7)', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const past = (await t.app.inject('/api/1.2/live-event/1')).json().Response.LiveEvent;
    expect(past).toMatchObject({ state: 'Past', hasReplay: true });
    const before = (await t.app.streamHistory.sample()).counts;
    const replay = await streamOf(1, cookie);
    expect(replay.json().Error.Number).toBe(0);
    // The event's replay is the event's too in the streams' history (decision 116), not a film's.
    const after = (await t.app.streamHistory.sample()).counts;
    expect([after.event - before.event, after.vod - before.vod]).toEqual([1, 0]);
    const pending = (await t.app.inject('/api/1.2/live-event/4')).json().Response.LiveEvent;
    expect(pending).toMatchObject({ state: 'Pending', countdownType: 'Image' });
    const none = await streamOf(4, cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().Error.Number).toBe(7);
  });

  it('an unknown event is 100 (HTTP 404); without access a running event is refused (4)', async () => {
    expect((await streamOf(999)).json().Error.Number).toBe(100);
    const visitor = await logInAs(t.app, 'visiteur@playz.fr');
    expect((await streamOf(2, visitor)).json().Error.Number).toBe(4);
  });
});
