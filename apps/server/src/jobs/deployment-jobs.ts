import type { Kysely } from 'kysely';
import { OUTBOX_PRUNE_INTERVAL_MS, pruneOutbox } from '../adapters/outbox-prune';
import type { Database } from '../db/schema';
import { ensureLiveEventWindow } from '../db/seed/catalogue-extras';
import { ensureScheduleWindow } from '../db/seed/schedule-window';
import type { BillingJob, BillingJobReport } from '../modules/billing';
import type { PeriodicJob } from './periodic-job';

const MINUTE_MS = 60_000;

/**
 * Every job a deployment may run, periodic ones and the console's queued tasks: the queues
 * `npm run jobs` reads, which has no app to ask (a test checks an app registers no other).
 */
export const JOB_NAMES = [
  'billing-lifecycle',
  'outbox-prune',
  'schedule-window',
  'live-event-alerts',
  'weekly-newsletter',
  'publication-window',
  'abandoned-uploads',
  'stream-counts',
  'media-transcode',
  'media-package',
] as const;

export type BillingOutcome = Exclude<keyof BillingJobReport, 'ran'>;
export const BILLING_OUTCOMES: readonly BillingOutcome[] = [
  'renewed',
  'refused',
  'errors',
  'expired',
  'reconciled',
  'abandoned',
];

/**
 * The jobs one deployment runs once per period, whatever its number of API nodes (decision 038).
 * Billing keeps its own per-minute claim (decision 025) under the queue: a run delivered twice
 * still charges once.
 */
export function deploymentJobs(deps: {
  db: Kysely<Database>;
  billingJob: BillingJob | null;
  outboxDir: string;
  outboxMaxAgeMs: number;
  now: () => Date;
  onBillingOutcome(outcome: BillingOutcome, count: number): void;
}): PeriodicJob[] {
  const jobs: PeriodicJob[] = [
    // Outbox files are for reading in development (decision 019). The wall clock, not `now`: a
    // test clock set years ahead would empty a live outbox.
    {
      name: 'outbox-prune',
      everyMs: OUTBOX_PRUNE_INTERVAL_MS,
      run: () => pruneOutbox(deps.outboxDir, deps.outboxMaxAgeMs, Date.now()),
    },
    // The demo guide rolls forward (decision 007): made at start, kept a week ahead while running.
    {
      name: 'schedule-window',
      everyMs: 60 * MINUTE_MS,
      firstRunAfterMs: 60 * MINUTE_MS,
      run: async () => {
        await ensureScheduleWindow(deps.db, deps.now());
        await ensureLiveEventWindow(deps.db, deps.now());
      },
    },
  ];
  const billingJob = deps.billingJob;
  if (billingJob) {
    jobs.push({
      name: 'billing-lifecycle',
      everyMs: MINUTE_MS,
      firstRunAfterMs: 5_000,
      run: () => billingJob.runOnce(),
      onResult: (report) => {
        const r = report as BillingJobReport;
        for (const outcome of BILLING_OUTCOMES) if (r[outcome] > 0) deps.onBillingOutcome(outcome, r[outcome]);
      },
    } satisfies PeriodicJob<BillingJobReport> as PeriodicJob);
  }
  return jobs;
}
