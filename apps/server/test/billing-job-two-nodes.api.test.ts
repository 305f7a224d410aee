import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createJobStats } from '../src/jobs';
import { deploymentJobs } from '../src/jobs/deployment-jobs';
import { startQueuedJobs } from '../src/jobs/queued-jobs';
import { createSecondNode, createTestApp, type TestApp } from './test-app';
import { openDatabase } from './accounts-test-support';
import { subscribedByOperator } from './support/operator-subscriber';
import { redisForTests } from './support/redis-server';
import type { ThrowawayRedis } from '../../../scripts/with-redis.mjs';

// Decision 038 over decision 025: two API nodes racing on the renewal of one subscription charge
// it once, whether both run the job at the same minute or both carry the BullMQ worker. SQLite
// with a throwaway Redis in the first stage, PostgreSQL + Redis in the second.
const DAY = 86_400_000;
let clock = new Date('2026-11-24T10:00:00.000Z');
let t: TestApp;
let nodeB: FastifyInstance;
let db: Db;
let redis: ThrowawayRedis;
beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => clock });
  nodeB = await createSecondNode(t, { now: () => clock });
  db = openDatabase(t.config);
  redis = await redisForTests();
});
afterAll(async () => {
  await redis.stop();
  await db.close();
  await nodeB.close();
  await t.close();
});

/** A customer subscribed weekly by direct pass (free first week), renewal due within the hour. */
async function renewalDue(msisdn: string): Promise<number> {
  const { subscriptionId } = await subscribedByOperator(t.app, db, msisdn);
  clock = new Date(clock.getTime() + 7 * DAY - 30 * 60_000);
  return subscriptionId;
}
const charges = async (subscriptionId: number) =>
  (
    await db.db
      .selectFrom('billing_ledger')
      .select('entry')
      .where('subscription_id', '=', subscriptionId)
      .where('entry', '=', 'Renewed')
      .execute()
  ).length;

let firstSubscription = 0;
describe('decision 038 — the renewal job on two API nodes never charges twice', () => {
  it('spec 3 §1 renewal: both nodes run the job at the same minute, one charge', async () => {
    const subscriptionId = await renewalDue('0612000081');
    firstSubscription = subscriptionId;
    const [a, b] = await Promise.all([t.app.billingJob.runOnce(), nodeB.billingJob.runOnce()]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(a.renewed + b.renewed).toBe(1);
    expect(await charges(subscriptionId)).toBe(1);
  });

  it('spec 3 §1 renewal: both nodes carry the BullMQ worker, one run, one charge', async () => {
    clock = new Date(clock.getTime() + 10 * 60_000); // a fresh minute: nothing claimed yet
    const subscriptionId = await renewalDue('0612000082');
    const prefix = `playz-test-billing-${Date.now()}:`;
    const outcomes = new Map<string, number>();
    const nodeJobs = (app: FastifyInstance) =>
      deploymentJobs({
        db: db.db,
        billingJob: app.billingJob,
        outboxDir: t.config.dataDir,
        outboxMaxAgeMs: 365 * DAY,
        now: () => clock,
        onBillingOutcome: (outcome, count) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + count),
      }).filter((job) => job.name === 'billing-lifecycle');
    const log = { info() {}, error() {} };
    const statsA = createJobStats();
    const statsB = createJobStats();
    const base = { redisUrl: redis.url, redisKeyPrefix: prefix, log };
    const a = await startQueuedJobs(nodeJobs(t.app), { ...base, stats: statsA });
    const b = await startQueuedJobs(nodeJobs(nodeB), { ...base, stats: statsB });
    const completedRuns = () =>
      [...statsA.counts(), ...statsB.counts()]
        .filter((c) => c.outcome === 'completed')
        .reduce((sum, c) => sum + c.runs, 0);
    try {
      // Until a run has completed on either node; stopping the workers then waits for any run
      // still active, so a second one, were there one, is counted below (no sleep to race it).
      const started = Date.now();
      while (completedRuns() === 0 && Date.now() - started < 15_000)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await a.stop();
      await b.stop();
    }
    expect(await charges(subscriptionId)).toBe(1);
    // The first case's subscription came due again a week later, in the same run: renewed once too.
    expect(await charges(firstSubscription)).toBe(2);
    expect(outcomes.get('renewed')).toBe(2);
    expect(completedRuns()).toBe(1);
  });
});
