import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobStats, tableDeadLetters, type PeriodicJob, type RunningJobs } from '../src/jobs';
import { payloadSummary } from '../src/jobs/job-console';
import { startInProcessJobs } from '../src/jobs/in-process-jobs';
import { startQueuedJobs } from '../src/jobs/queued-jobs';
import { redisForTests } from './support/redis-server';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import type { ThrowawayRedis } from '../../../scripts/with-redis.mjs';

// Decision 092: the console's view of the job queues — counts, the dead-letter list paged on the
// server, retry one (run exactly once more), retry all, discard — on this process's timers (the
// SQLite deployment without Redis) and on BullMQ (REDIS_URL), each change audited.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let redis: ThrowawayRedis;
let call: StaffConsole['call'];

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let roles: StaffConsole['roles'] = {};
beforeAll(async () => {
  redis = await redisForTests();
  t = await createTestApp({ now: () => new Date(clock) });
  // The TOTP codes need a new step each: the app's clock moves 31 s per sign-in.
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['support', 'editor']));
});
afterAll(async () => {
  await t.close();
  await redis.stop();
});

const HOUR = 3_600_000;

/** Three jobs that fail at their first run until told otherwise, counting their runs. */
function brokenJobs() {
  const runs: Record<string, number> = { 'job-a': 0, 'job-b': 0, 'job-c': 0 };
  const broken: Record<string, boolean> = { 'job-a': true, 'job-b': true, 'job-c': true };
  const jobs: PeriodicJob[] = Object.keys(runs).map((name) => ({
    name,
    everyMs: HOUR,
    run: async () => {
      runs[name] = runs[name]! + 1;
      if (broken[name]) throw new Error(`${name}: the mail server said no`);
    },
  }));
  return { runs, broken, jobs };
}

const modes: [string, (jobs: PeriodicJob[]) => Promise<RunningJobs>][] = [
  ['on this process’s timers, the list in memory', async (jobs) => startInProcessJobs(jobs, { log: silent, stats })],
  [
    'on this process’s timers, the list in the database (no REDIS_URL, decision 109)',
    async (jobs) => startInProcessJobs(jobs, { log: silent, stats, deadLetters: tableDeadLetters(t.database.db) }),
  ],
  [
    'on BullMQ (REDIS_URL)',
    async (jobs) =>
      startQueuedJobs(jobs, {
        redisUrl: redis.url,
        redisKeyPrefix: `playz-test-${randomBytes(6).toString('hex')}:`,
        log: silent,
        stats,
        retryDelayMs: 5,
      }),
  ],
];
const silent = { info() {}, error() {} };
const stats = createJobStats();

describe.each(modes)('spec console §money-and-health: the jobs’ dead-letter list %s (decision 092)', (_mode, start) => {
  let running: RunningJobs;
  let state: ReturnType<typeof brokenJobs>;
  const failedOf = async (queue: string) => (await call('GET', `/jobs/queues/${queue}/failed`, roles.admin!)).json();

  beforeAll(async () => {
    state = brokenJobs();
    running = await start(state.jobs);
    vi.spyOn(t.app.jobs, 'console').mockReturnValue(running.console);
    // The line itself, not the total alone: the page's lines and total are two reads of the list.
    for (const queue of ['job-a', 'job-b', 'job-c'])
      await until(async () => (await failedOf(queue)).Response.jobs.length === 1);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await running.stop();
  });

  it('lists the queues with their counts, and each queue’s failed runs with their error and tries, paged on the server', async () => {
    const listed = (await call('GET', '/jobs/queues', roles.admin!)).json().Response;
    expect(listed.mode).toBe(running.mode);
    expect(listed.queues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'job-a', failed: 1, running: 0, waiting: expect.any(Number) }),
      ]),
    );
    const page = (await failedOf('job-a')).Response;
    expect(page.total).toBe(1);
    expect(page.jobs[0]).toMatchObject({
      queue: 'job-a',
      name: 'job-a',
      error: 'job-a: the mail server said no',
      payload: '{}',
      attempts: running.mode === 'queue' ? 3 : 1,
    });
    expect(page.jobs[0].failedAt).toEqual(expect.any(String));
    // One run: a page of one is the last (decision 116's keyset: no next page to an empty one).
    const one = (await call('GET', '/jobs/queues/job-a/failed?limit=1', roles.admin!)).json().Response;
    expect(one).toMatchObject({ total: 1, next: null });
    expect(one.jobs).toHaveLength(1);
    // A cursor names its queue: job-b's is refused on job-a's list, as is a forged one (3).
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const line = page.jobs[0] as { id: string; failedAt: string };
    for (const after of [cursor(['dead-letters', 'job-b', line.failedAt, line.id]), cursor(['audit', 1]), '1'])
      expect((await call('GET', `/jobs/queues/job-a/failed?after=${after}`, roles.admin!)).json().Error.Number).toBe(3);
    const own = cursor(['dead-letters', 'job-a', line.failedAt, line.id]);
    expect((await call('GET', `/jobs/queues/job-a/failed?after=${own}`, roles.admin!)).json().Response).toEqual({
      jobs: [],
      total: 1,
      next: null,
    });
    expect((await call('GET', '/jobs/queues/no-such-queue/failed', roles.admin!)).json().Error.Number).toBe(7);
    expect((await call('GET', '/jobs/queues/job-a/failed?limit=500', roles.admin!)).json().Error.Number).toBe(3);
  });

  it('support reads the queues but changes nothing; an editor reads nothing', async () => {
    const id = (await failedOf('job-a')).Response.jobs[0].id as string;
    expect((await call('GET', '/jobs/queues', roles.support!)).json().Error.Number).toBe(0);
    expect((await call('GET', '/jobs/queues/job-a/failed', roles.support!)).json().Error.Number).toBe(0);
    expect((await call('POST', `/jobs/queues/job-a/failed/${id}/retry`, roles.support!)).json().Error.Number).toBe(4);
    expect((await call('POST', '/jobs/queues/job-a/failed/retry', roles.support!)).json().Error.Number).toBe(4);
    expect((await call('POST', `/jobs/queues/job-a/failed/${id}/discard`, roles.support!)).json().Error.Number).toBe(4);
    expect((await call('GET', '/jobs/queues', roles.editor!)).json().Error.Number).toBe(4);
    expect(state.runs['job-a']).toBe(running.mode === 'queue' ? 3 : 1);
  });

  it('a retried run runs exactly once more: a second retry of it is 7, and the audit log has one entry', async () => {
    const id = (await failedOf('job-a')).Response.jobs[0].id as string;
    const before = state.runs['job-a']!;
    state.broken['job-a'] = false;
    const [first, again] = await Promise.all([
      call('POST', `/jobs/queues/job-a/failed/${id}/retry`, roles.admin!),
      call('POST', `/jobs/queues/job-a/failed/${id}/retry`, roles.admin!),
    ]);
    const numbers = [first.json().Error.Number, again.json().Error.Number].sort();
    expect(numbers).toEqual([0, 7]);
    await until(() => state.runs['job-a'] === before + 1);
    await until(
      async () =>
        (await call('GET', '/jobs/queues', roles.admin!))
          .json()
          .Response.queues.find((q: { name: string }) => q.name === 'job-a').completedRecently >= 1,
    );
    expect(state.runs['job-a']).toBe(before + 1);
    expect((await failedOf('job-a')).Response.total).toBe(0);
    const entries = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'job.retry')
      .where('target_id', '=', `job-a/${id}`)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: 'root@playz.fr', target_type: 'job' });
    expect(JSON.parse(entries[0]!.before_json!)).toMatchObject({
      state: 'failed',
      error: 'job-a: the mail server said no',
    });
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({ state: 'waiting' });
  });

  it('a discarded run leaves the list without running, audited with what it was', async () => {
    const id = (await failedOf('job-b')).Response.jobs[0].id as string;
    const before = state.runs['job-b']!;
    const res = (await call('POST', `/jobs/queues/job-b/failed/${id}/discard`, roles.admin!)).json();
    expect(res.Response.discarded).toMatchObject({ id, name: 'job-b' });
    expect((await failedOf('job-b')).Response.total).toBe(0);
    expect((await call('POST', `/jobs/queues/job-b/failed/${id}/discard`, roles.admin!)).json().Error.Number).toBe(7);
    expect((await call('POST', `/jobs/queues/job-b/failed/${id}/retry`, roles.admin!)).json().Error.Number).toBe(7);
    expect(state.runs['job-b']).toBe(before);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'job.discard')
      .where('target_id', '=', `job-b/${id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after_json!)).toEqual({ state: 'discarded' });
  });

  it('retry all runs each failed run of the queue once more; a failure again lands back in the list', async () => {
    const before = state.runs['job-c']!;
    const res = (await call('POST', '/jobs/queues/job-c/failed/retry', roles.admin!)).json();
    expect(res.Response).toEqual({ retried: 1 });
    // Still broken: the one more run fails, and the run is back in the dead-letter list (no new tries).
    await until(async () => state.runs['job-c'] === before + 1 && (await failedOf('job-c')).Response.total === 1);
    expect(state.runs['job-c']).toBe(before + 1);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'job.retry-all')
      .where('target_id', '=', 'job-c')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before_json!)).toEqual({ failed: 1 });
    expect(JSON.parse(entry.after_json!)).toEqual({ retried: 1 });
  });
});

describe('decision 092 — a failed run’s payload as the console shows it', () => {
  it('hides secret-looking fields at any depth and cuts long payloads', () => {
    const text = payloadSummary({ to: 'a@b.fr', apiKey: 'k', nested: { password: 'p', cardToken: 't', day: 3 } });
    expect(text).toBe(
      '{"to":"a@b.fr","apiKey":"[hidden]","nested":{"password":"[hidden]","cardToken":"[hidden]","day":3}}',
    );
    expect(payloadSummary({ long: 'x'.repeat(500) })).toHaveLength(200);
    expect(payloadSummary(undefined)).toBe('{}');
  });
});
