import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { DeadJob, JobLog, JobStats, PeriodicJob, RunningJobs } from './periodic-job';

export const JOB_QUEUE = 'jobs';
/** Tries per run before a job lands in the dead-letter view (the failed set). */
export const JOB_ATTEMPTS = 3;
const RETRY_DELAY_MS = 2_000;
/** Failed runs kept for the operator; older ones are dropped by BullMQ. */
const DEAD_LETTERS_KEPT = 1_000;

/**
 * BullMQ's own connection: it blocks on commands (the worker waits for jobs), so it cannot share
 * the app's connection, and it must retry forever (`maxRetriesPerRequest: null`, BullMQ's rule)
 * rather than fail a wait. Keys get BullMQ's `prefix`, not ioredis's keyPrefix (BullMQ refuses it).
 */
export function bullConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

/** The queue's prefix inside the deployment's Redis prefix (`playz:` → `playz:bull`). */
export const bullPrefix = (redisKeyPrefix: string) => `${redisKeyPrefix}bull`;

/** Reads the failed set: what an operator looks at (npm run jobs) and /metrics counts. */
export async function readDeadLetters(queue: Queue, limit = 50): Promise<DeadJob[]> {
  const failed = await queue.getFailed(0, limit - 1);
  return failed.map((job) => ({
    id: String(job.id),
    name: job.name,
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    attempts: job.attemptsMade,
    reason: job.failedReason ?? '',
  }));
}

/**
 * Jobs through one BullMQ queue on the deployment's Redis (decision 038): every node declares the
 * same schedulers (upsert: idempotent, so N nodes make one schedule), every node runs a worker,
 * and BullMQ hands each run to exactly one worker. A run that throws is retried JOB_ATTEMPTS
 * times with a growing wait, then kept in the failed set: the dead-letter view.
 */
export async function startQueuedJobs(
  jobs: readonly PeriodicJob[],
  deps: { redisUrl: string; redisKeyPrefix: string; log: JobLog; stats: JobStats; retryDelayMs?: number },
): Promise<RunningJobs & { queue: Queue }> {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const prefix = bullPrefix(deps.redisKeyPrefix);
  const queueConnection = bullConnection(deps.redisUrl);
  const workerConnection = bullConnection(deps.redisUrl);
  const queue = new Queue(JOB_QUEUE, { connection: queueConnection, prefix });
  for (const job of jobs) {
    await queue.upsertJobScheduler(
      job.name,
      { every: job.everyMs },
      {
        name: job.name,
        opts: {
          attempts: JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: deps.retryDelayMs ?? RETRY_DELAY_MS },
          removeOnComplete: 100,
          removeOnFail: DEAD_LETTERS_KEPT,
        },
      },
    );
  }
  const worker = new Worker(
    JOB_QUEUE,
    async (run: Job) => {
      const job = byName.get(run.name);
      // A scheduler left by an older version names a job this node no longer has: fail it visibly.
      if (!job) throw new Error(`no job named ${run.name} on this node`);
      const result = await job.run();
      job.onResult?.(result);
      return result;
    },
    { connection: workerConnection, prefix, concurrency: 1 },
  );
  worker.on('completed', (run) => deps.stats.record(run.name, 'completed'));
  worker.on('failed', (run, error) => {
    if (!run) return;
    deps.stats.record(run.name, 'failed');
    const final = run.attemptsMade >= (run.opts.attempts ?? 1);
    deps.log.error(
      { err: error, job: run.name, attempt: run.attemptsMade },
      final ? `job ${run.name} failed for good: kept in the dead-letter view` : `job ${run.name} failed; retried`,
    );
  });
  worker.on('error', (error) => deps.log.error({ err: error }, 'job worker'));
  return {
    mode: 'queue',
    queue,
    deadLetters: (limit) => readDeadLetters(queue, limit),
    deadLetterCount: () => queue.getFailedCount(),
    async stop() {
      // The worker finishes the run in hand, then both connections close.
      await worker.close();
      await queue.close();
      workerConnection.disconnect();
      queueConnection.disconnect();
    },
  };
}
