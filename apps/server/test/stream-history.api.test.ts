import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_HISTORY_DAYS } from '../src/streaming/stream-history';
import { createSecondNode, createTestApp, logInAs, type TestApp } from './test-app';
import { writeOceanClip } from './support/ocean-clip';
import { staffConsole, type StaffConsole } from './support/staff-console';

// The concurrent streams' history (decision 116): a sample a minute of the device leases by kind,
// charted per hour or per day on the console's Health page. The clock is the app's (a fake one),
// the samples are taken by calling the job's run, as its timer would each minute. On SQLite and
// PostgreSQL (TEST_DATABASE_URL); with REDIS_URL the leases are shared by the two nodes.

const MINUTE = 60_000;
const DAY_MS = 86_400_000;
let clock = Date.parse('2026-11-10T09:50:00Z');
const now = () => new Date(clock);

const watchFilm = (app: FastifyInstance, cookie: string) =>
  app.inject({ url: '/api/1.2/content/1001/url/adaptive?product_usage=View&target=player_dash', headers: { cookie } });
const watchChannel = (app: FastifyInstance, cookie: string) =>
  app.inject({ url: '/api/1.2/channel/4/url/adaptive?product_usage=View&target=player_dash', headers: { cookie } });
const stop = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'POST', url: '/api/1.2/customer/playback/stop', headers: { cookie } });
const granted = async (answer: Promise<{ json(): { Error: { Number: number } } }>) =>
  expect((await answer).json().Error.Number).toBe(0);

interface Chart {
  id: string;
  unit: string;
  points?: string[];
  series: { key: string; values: (number | null)[] }[];
}
const streamsChart = async (app: FastifyInstance, cookie: string, range: string) => {
  const res = await app.inject({ url: `/api/admin/charts/health${range}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const body = res.json().Response as { days: string[]; charts: Chart[] };
  const chart = body.charts.find((c) => c.id === 'streams')!;
  return { days: body.days, chart, series: Object.fromEntries(chart.series.map((s) => [s.key, s.values])) };
};

describe('spec console: spec 1 §6 device leases as the health chart of concurrent streams (decision 116)', () => {
  let t: TestApp;
  let staff: StaffConsole;
  let editor: string;
  /** Console sessions last a working day (decision 080): the tests' clock moves past days. */
  const signInAgain = async () => {
    await staff.signInAgain();
    editor = staff.roles.editor!;
  };
  beforeAll(async () => {
    t = await createTestApp({ now });
    writeOceanClip(t.config.dataDir);
    staff = await staffConsole(t, () => (clock += 31_000), ['editor']);
    editor = staff.roles.editor!;
    clock = Date.parse('2026-11-10T10:00:10Z');
  });
  afterAll(() => t.close());

  it('two viewers overlapping: a film, then a channel beside it, then the film stopped; charted per hour', async () => {
    const a = await logInAs(t.app, 'abonne@playz.fr');
    const b = await logInAs(t.app, 'demo@playz.fr');
    await granted(watchFilm(t.app, a));
    expect((await t.app.streamHistory.sample()).counts).toEqual({ vod: 1, live: 0, event: 0 });
    clock += MINUTE;
    await granted(watchChannel(t.app, b));
    expect((await t.app.streamHistory.sample()).counts).toEqual({ vod: 1, live: 1, event: 0 });
    clock += MINUTE;
    await stop(t.app, a);
    expect((await t.app.streamHistory.sample()).counts).toEqual({ vod: 0, live: 1, event: 0 });
    // The channel's lease runs out 3 minutes after its last news (decision 018): nothing plays.
    clock += 3 * MINUTE;
    expect((await t.app.streamHistory.sample()).counts).toEqual({ vod: 0, live: 0, event: 0 });

    const { chart, series } = await streamsChart(t.app, editor, '?from=2026-11-10&to=2026-11-10');
    expect(chart.unit).toBe('count');
    expect(chart.points).toHaveLength(24);
    expect(chart.points![10]).toBe('2026-11-10T10:00');
    const hour10 = (key: string) => series[key]![10];
    // Minutes 10:00 → 1, 10:01 → 2, 10:02 → 1, 10:05 → 0.
    expect([
      hour10('streamsPeak'),
      hour10('streamsAverage'),
      hour10('streamsVod'),
      hour10('streamsLive'),
      hour10('streamsEvent'),
    ]).toEqual([2, 1, 1, 1, 0]);
    // No sample in the other hours: not measured, not zero.
    expect(series.streamsPeak!.filter((v) => v !== null)).toHaveLength(1);
    expect(series.streamsAverage![9]).toBeNull();
  });

  it('a range longer than 7 days is charted per day, one value per day of the answer', async () => {
    const { days, chart, series } = await streamsChart(t.app, editor, '?from=2026-11-01&to=2026-11-30');
    expect(chart.points).toBeUndefined();
    expect(days).toHaveLength(30);
    expect(series.streamsPeak).toHaveLength(30);
    expect(series.streamsPeak![9]).toBe(2);
    expect(series.streamsAverage![9]).toBe(1);
    expect(series.streamsPeak!.filter((v) => v !== null)).toHaveLength(1);
  });

  it('a second sample of the same minute (a run delivered twice) keeps the first', async () => {
    clock = Date.parse('2026-11-11T08:00:05Z');
    const a = await logInAs(t.app, 'abonne@playz.fr');
    await granted(watchFilm(t.app, a));
    await t.app.streamHistory.sample();
    await stop(t.app, a);
    await t.app.streamHistory.sample();
    await signInAgain();
    const { series } = await streamsChart(t.app, editor, '?from=2026-11-11&to=2026-11-11');
    expect(series.streamsPeak![8]).toBe(1);
    expect(series.streamsAverage![8]).toBe(1);
  });

  it('two API nodes on one database count each stream once', async () => {
    clock = Date.parse('2026-11-12T14:30:00Z');
    const second = await createSecondNode(t, { now });
    try {
      const a = await logInAs(t.app, 'abonne@playz.fr');
      const b = await logInAs(second, 'demo@playz.fr');
      await granted(watchFilm(t.app, a));
      await granted(watchChannel(second, b));
      // Each node's job samples the same minute: its own leases (in process), or the shared ones
      // (Redis, kept once under the deployment's scope).
      await t.app.streamHistory.sample();
      await second.streamHistory.sample();
      const rows = await t.database.db
        .selectFrom('stream_hours')
        .selectAll()
        .where('hour', '=', '2026-11-12T14')
        .execute();
      expect(rows).toHaveLength(t.app.redis ? 1 : 2);
      await signInAgain();
      const { series } = await streamsChart(t.app, editor, '?from=2026-11-12&to=2026-11-12');
      expect([series.streamsPeak![14], series.streamsVod![14], series.streamsLive![14]]).toEqual([2, 1, 1]);
      await stop(t.app, a);
      await stop(second, b);
    } finally {
      await second.close();
    }
  });

  it(`keeps ${STREAM_HISTORY_DAYS} days of hours: an older hour is purged by the next sample`, async () => {
    const hours = async () =>
      (await t.database.db.selectFrom('stream_hours').select('hour').execute()).map((row) => row.hour);
    expect(await hours()).toContain('2026-11-10T10');
    // Within the kept days of the 10th's 10:00 hour (it ends at 11:00): it stays.
    clock = Date.parse('2026-11-10T10:59:00Z') + STREAM_HISTORY_DAYS * DAY_MS;
    await t.app.streamHistory.sample();
    expect(await hours()).toContain('2026-11-10T10');
    clock += 2 * MINUTE;
    const { purged } = await t.app.streamHistory.sample();
    expect(purged).toBe(1);
    const after = await hours();
    expect(after).not.toContain('2026-11-10T10');
    expect(after).toContain('2026-11-11T08');
  });
});
