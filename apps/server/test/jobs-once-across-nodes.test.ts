import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobStats, type PeriodicJob } from '../src/jobs';
import { startInProcessJobs } from '../src/jobs/in-process-jobs';
import { holdLeadership } from '../src/jobs/leadership-lock';
import { bullConnection, JOB_ATTEMPTS, jobQueue, startQueuedJobs } from '../src/jobs/queued-jobs';
import { connectRedis } from '../src/lib/redis-client';
import { runJobsCommand } from '../src/cli/jobs';
import { redisForTests } from './support/redis-server';
import type { ThrowawayRedis } from '../../../scripts/with-redis.mjs';

// Decision 038: "jobs run once across nodes, with retries and a dead-letter view; never
// twice". Every case runs against a real Redis: REDIS_URL in the PostgreSQL stage, a throwaway
// redis-server of its own in the SQLite stage (never skipped).

let redis: ThrowawayRedis;
beforeAll(async () => {
  redis = await redisForTests();
});
afterAll(async () => redis.stop());

const silentLog = { info() {}, error() {} };
const freshPrefix = () => `playz-test-${randomBytes(6).toString('hex')}:`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(25);
  }
}

describe('decision 038 — periodic jobs through BullMQ on two API nodes', () => {
  it('each scheduled run is made by one node only, never by both', async () => {
    const runs: string[] = [];
    const nodeJob = (node: string): PeriodicJob => ({
      name: 'tick',
      everyMs: 150,
      run: async () => void runs.push(node),
    });
    const prefix = freshPrefix();
    const statsA = createJobStats();
    const statsB = createJobStats();
    const base = { redisUrl: redis.url, redisKeyPrefix: prefix, log: silentLog };
    const a = await startQueuedJobs([nodeJob('A')], { ...base, stats: statsA });
    const b = await startQueuedJobs([nodeJob('B')], { ...base, stats: statsB });
    await until(() => runs.length >= 6);
    await a.stop();
    await b.stop();
    // Each run is one scheduled run of the queue, made once: had both nodes run a scheduled run
    // (or run on timers of their own), there would be more runs than the queue completed.
    const connection = bullConnection(redis.url);
    const queue = jobQueue('tick', connection, prefix);
    try {
      expect(runs.length).toBe(await queue.getCompletedCount());
    } finally {
      await queue.close();
      connection.disconnect();
    }
    const counted = [...statsA.counts(), ...statsB.counts()].reduce((sum, c) => sum + c.runs, 0);
    expect(counted).toBe(runs.length);
  });

  it('a node without a job (BILLING_JOB=0) never takes its runs', async () => {
    const runs: string[] = [];
    const prefix = freshPrefix();
    const base = { redisUrl: redis.url, redisKeyPrefix: prefix, log: silentLog };
    const withBilling = await startQueuedJobs(
      [{ name: 'billing-lifecycle', everyMs: 100, run: async () => void runs.push('A') }],
      { ...base, stats: createJobStats() },
    );
    const statsB = createJobStats();
    const without = await startQueuedJobs(
      [{ name: 'outbox-prune', everyMs: 60_000, run: async () => void runs.push('B:prune') }],
      { ...base, stats: statsB },
    );
    await until(() => runs.filter((r) => r === 'A').length >= 4);
    // Had node B taken a billing run, it would have had no job for it: a failure, a dead letter.
    expect(await withBilling.deadLetterCount()).toBe(0);
    await withBilling.stop();
    await without.stop();
    expect(runs.filter((r) => r !== 'A' && r !== 'B:prune')).toEqual([]);
    expect(statsB.counts().filter((c) => c.job === 'billing-lifecycle')).toEqual([]);
  });

  it('a run that keeps failing is retried, then kept in the dead-letter view', async () => {
    let tries = 0;
    const stats = createJobStats();
    const jobs = await startQueuedJobs(
      [
        {
          name: 'always-fails',
          everyMs: 60_000,
          run: async () => {
            tries++;
            throw new Error('provider unreachable');
          },
        },
      ],
      { redisUrl: redis.url, redisKeyPrefix: freshPrefix(), log: silentLog, stats, retryDelayMs: 20 },
    );
    try {
      await until(() => tries >= JOB_ATTEMPTS);
      await until(async () => (await jobs.deadLetterCount()) === 1);
      const dead = await jobs.deadLetters();
      expect(dead[0]).toMatchObject({ name: 'always-fails', attempts: JOB_ATTEMPTS, reason: 'provider unreachable' });
      expect(await jobs.deadLetterCount()).toBe(1);
      expect(stats.counts()).toEqual([{ job: 'always-fails', outcome: 'failed', runs: JOB_ATTEMPTS }]);
      // The operator's view: npm run jobs -- failed, then retry once the cause is fixed.
      const lines: string[] = [];
      expect(await runJobsCommand(['failed'], { queues: jobs.queues, print: (l) => lines.push(l) })).toBe(0);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/always-fails +id \S+ +tries 3 +provider unreachable$/);
      expect(await runJobsCommand(['retry', dead[0]!.id], { queues: jobs.queues, print: (l) => lines.push(l) })).toBe(
        0,
      );
      expect(await runJobsCommand(['retry', 'no-such-id'], { queues: jobs.queues, print: (l) => lines.push(l) })).toBe(
        1,
      );
      await until(() => tries > JOB_ATTEMPTS);
    } finally {
      await jobs.stop();
    }
  });
});

describe('decision 038 — without Redis, jobs run on the process timers as one node always did', () => {
  it('a failed run is counted and the next period tries again', async () => {
    let calls = 0;
    const stats = createJobStats();
    const jobs = startInProcessJobs(
      [
        {
          name: 'flaky',
          everyMs: 40,
          run: async () => {
            calls++;
            if (calls === 1) throw new Error('first run fails');
          },
        },
      ],
      { log: silentLog, stats },
    );
    await until(() => calls >= 2);
    await jobs.stop();
    const counts = Object.fromEntries(stats.counts().map((c) => [c.outcome, c.runs]));
    expect(counts.failed).toBe(1);
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    // Kept for the console's dead-letter list since decision 092 (this process's memory), with its reason.
    expect(await jobs.deadLetters()).toEqual([
      expect.objectContaining({ name: 'flaky', attempts: 1, reason: 'first run fails' }),
    ]);
  });
});

describe('decision 038 — a Stream channel encoder on exactly one node (live ingest lock)', () => {
  it('one node holds the lock; when it stops, the other takes over', async () => {
    const prefix = freshPrefix();
    const nodeA = await connectRedis(redis.url, { keyPrefix: prefix });
    const nodeB = await connectRedis(redis.url, { keyPrefix: prefix });
    const running = new Set<string>();
    // B's tries to take the lock, counted: the test waits for B to have been refused, not a time.
    let triesOfB = 0;
    const set = nodeB.set.bind(nodeB) as (...args: unknown[]) => Promise<unknown>;
    (nodeB as unknown as { set: typeof set }).set = (...args) => (triesOfB++, set(...args));
    // A lifetime long enough that a loaded machine renews in time: losing it would be right then.
    const hold = (name: string, connection: typeof nodeA) =>
      holdLeadership(connection, 'live-ingest:7', {
        ttlMs: 1500,
        onGained: () => running.add(name),
        onLost: () => running.delete(name),
      });
    const a = hold('A', nodeA);
    await until(() => running.size === 1);
    const b = hold('B', nodeB);
    // Two tries of B, each refused while A renews: the holder keeps it, the other waits.
    await until(() => triesOfB >= 2);
    expect([...running]).toEqual(['A']);
    expect([a.isHeld(), b.isHeld()]).toEqual([true, false]);
    await a.stop();
    await until(() => running.has('B'));
    expect([...running]).toEqual(['B']);
    await b.stop();
    await nodeA.quit();
    await nodeB.quit();
  });

  it('a node that dies (stops renewing) is replaced once its lock expires', async () => {
    const prefix = freshPrefix();
    const nodeA = await connectRedis(redis.url, { keyPrefix: prefix });
    const nodeB = await connectRedis(redis.url, { keyPrefix: prefix });
    const a = holdLeadership(nodeA, 'live-ingest:8', { ttlMs: 300, onGained() {}, onLost() {} });
    await until(() => a.isHeld());
    // The process is gone: its connection drops without releasing anything.
    nodeA.disconnect();
    // The lock still stands, with a lifetime: B can only get it from its expiry, not a release.
    expect(await nodeB.pttl('live-ingest:8')).toBeGreaterThan(0);
    let gained = false;
    const b = holdLeadership(nodeB, 'live-ingest:8', {
      ttlMs: 300,
      onGained: () => (gained = true),
      onLost() {},
    });
    await until(() => gained);
    expect(b.isHeld()).toBe(true);
    await b.stop();
    await a.stop().catch(() => {});
    await nodeB.quit();
  });
});
