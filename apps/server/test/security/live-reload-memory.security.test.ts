import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureClips } from '../support/live-media';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Live reloads answered from memory (decisions 039, 096 and 112). A reload answered before routing
 * past 1.5 s of its session's state reads that state again behind it, so a playing viewer's
 * reloads stay in memory instead of going the full way every 5 s. Pass rule: that memory never
 * outlives the session — a log-out refuses the very next reload, and a session ended where this
 * node hears nothing of it (another node without the bus, the `accounts` command) is refused from
 * the reload after the read, before the 5 s the state used to last.
 */
const START = Date.UTC(2026, 10, 24, 20, 0, 4);
let clock = START;
let t: TestApp;
let base: string;
let requests = 0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), listen: true });
  writeFixtureClips(t.config.dataDir);
  base = t.config.publicUrl;
});
afterAll(() => {
  report('live reloads from memory', { requests });
  return t.close();
});

/** Reloads answered before routing so far, as GET /metrics tells an operator. */
async function fromMemory(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^playz_live_manifests_from_memory_total (\d+)/m.exec(text)?.[1]);
}
/** A reload over HTTP (the memory path is before Fastify: inject never reaches it). */
async function reload(url: string): Promise<{ status: number; hot: boolean }> {
  requests++;
  const before = await fromMemory();
  const response = await fetch(`${base}${url}`);
  await response.arrayBuffer();
  const hot = (await fromMemory()) - before === 1;
  // What this reload started reading behind it (the session, the guide) is read before the next.
  await t.app.live.settled();
  return { status: response.status, hot };
}
async function playlistOf(cookie: string, channel: number): Promise<string> {
  const res = await t.app.inject({
    url: `/api/1.2/channel/${channel}/url/adaptive?target=player_hls`,
    headers: { cookie },
  });
  return (res.json().Response.AdaptiveStream.url as string).replace('master.m3u8', 'media_0.m3u8');
}

describe('spec 2 §7 live reloads from memory never outlive the session (decision 112)', () => {
  it('spec 2 §7 a playing viewer stays in memory past 5 s, and a log-out refuses the next reload', async () => {
    clock = START;
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await playlistOf(cookie, 1);
    expect(await reload(url)).toEqual({ status: 200, hot: false });
    // A reload every 1.6 s for 40 s: the session and the guide are read behind the reloads, the
    // lease renewed behind them; none goes the full way (it did every 2 s and 5 s, and at 30 s).
    for (let step = 0; step < 25; step++) {
      clock += 1600;
      expect({ step, ...(await reload(url)) }).toEqual({ step, status: 200, hot: true });
    }
    clock += 1600;
    expect(await reload(url)).toEqual({ status: 200, hot: true });
    await t.app.inject({ method: 'GET', url: '/api/1.2/customer/logout', headers: { cookie } });
    expect(await reload(url)).toEqual({ status: 403, hot: false });
  });

  it('spec 2 §7 a session ended where this node hears nothing is refused once read again, before 5 s', async () => {
    clock = START + 3_600_000;
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const url = await playlistOf(cookie, 2);
    expect((await reload(url)).status).toBe(200);
    expect(await reload(url)).toEqual({ status: 200, hot: true });
    // Deleted in the database, as another node or the accounts command would: no event here.
    await t.database.db.deleteFrom('sessions').execute();
    clock += 1600;
    // Still in memory: the state is 1.6 s old. This reload reads it again behind its answer…
    expect(await reload(url)).toEqual({ status: 200, hot: true });
    // …and the next one, still well within the 5 s, is refused.
    clock += 100;
    expect(await reload(url)).toEqual({ status: 403, hot: false });
  });
});
