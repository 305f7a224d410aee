import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { bullJobConsole } from './job-console';
import type { DeadJob, JobLog, JobStats, PeriodicJob, QueuedTask, RunningJobs } from './periodic-job';

/** Tries per run before a job lands in the dead-letter view (its queue's failed set). */
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
  return new Redis(url, { maxRetriesPerRequest: null });
}

/** The queues' prefix inside the deployment's Redis prefix (`playz:` → `playz:bull`). */
export const bullPrefix = (redisKeyPrefix: string) => `${redisKeyPrefix}bull`;

/** One queue per job: a node takes only the runs of jobs it has (BILLING_JOB=0 takes no billing run). */
export const jobQueue = (name: string, connection: Redis, redisKeyPrefix: string) =>
  new Queue(name, { connection, prefix: bullPrefix(redisKeyPrefix) });

/** Reads failed sets: what an operator looks at (npm run jobs) and /metrics counts. */
export async function readDeadLetters(queues: readonly Queue[], limit = 50): Promise<DeadJob[]> {
  const failed = (await Promise.all(queues.map((queue) => queue.getFailed(0, limit - 1)))).flat();
  return failed
    .map((job) => ({
      id: String(job.id),
      name: job.name,
      failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      attempts: job.attemptsMade,
      reason: job.failedReason ?? '',
    }))
    .sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? ''))
    .slice(0, limit);
}

/**
 * Jobs through BullMQ on the deployment's Redis (decision 038): every node declares the same
 * scheduler for each of its jobs (upsert: idempotent, so N nodes make one schedule) and runs a
 * worker on that job's queue; BullMQ hands each run to exactly one worker. A run that throws is
 * retried JOB_ATTEMPTS times with a growing wait, then kept in the failed set: the dead-letter view.
 */
export async function startQueuedJobs(
  jobs: readonly PeriodicJob[],
  deps: { redisUrl: string; redisKeyPrefix: string; log: JobLog; stats: JobStats; retryDelayMs?: number },
  tasks: readonly QueuedTask[] = [],
): Promise<RunningJobs & { queues: Queue[] }> {
  const queueConnection = bullConnection(deps.redisUrl);
  const workerConnections: Redis[] = [];
  const queues: Queue[] = [];
  const workers: Worker[] = [];
  for (const job of jobs) {
    const queue = jobQueue(job.name, queueConnection, deps.redisKeyPrefix);
    queues.push(queue);
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
    // A worker blocks on its connection: one each.
    const connection = bullConnection(deps.redisUrl);
    workerConnections.push(connection);
    const worker = new Worker(
      job.name,
      async (_run: Job) => {
        const result = await job.run();
        job.onResult?.(result);
        return result;
      },
      { connection, prefix: bullPrefix(deps.redisKeyPrefix), concurrency: 1 },
    );
    worker.on('completed', () => deps.stats.record(job.name, 'completed'));
    worker.on('failed', (run, error) => {
      if (!run) return;
      deps.stats.record(job.name, 'failed');
      const final = run.attemptsMade >= (run.opts.attempts ?? 1);
      deps.log.error(
        { err: error, job: job.name, attempt: run.attemptsMade },
        final ? `job ${job.name} failed for good: kept in the dead-letter view` : `job ${job.name} failed; retried`,
      );
    });
    worker.on('error', (error) => deps.log.error({ err: error, job: job.name }, 'job worker'));
    workers.push(worker);
  }
  // Queued tasks (decision 094): one try each (a video that ffmpeg refuses fails again), kept in
  // the failed set with their data for the console's retry.
  const taskQueues = new Map<string, Queue>();
  for (const task of tasks) {
    const queue = jobQueue(task.name, queueConnection, deps.redisKeyPrefix);
    queues.push(queue);
    taskQueues.set(task.name, queue);
    const connection = bullConnection(deps.redisUrl);
    workerConnections.push(connection);
    const worker = new Worker(task.name, async (run: Job) => task.run(run.data), {
      connection,
      prefix: bullPrefix(deps.redisKeyPrefix),
      concurrency: 1,
    });
    worker.on('completed', () => deps.stats.record(task.name, 'completed'));
    worker.on('failed', (run, error) => {
      if (!run) return;
      deps.stats.record(task.name, 'failed');
      deps.log.error({ err: error, job: task.name }, `job ${task.name} failed: kept in the dead-letter view`);
    });
    worker.on('error', (error) => deps.log.error({ err: error, job: task.name }, 'job worker'));
    workers.push(worker);
  }
  return {
    mode: 'queue',
    queues,
    async enqueue(name, data, id) {
      const queue = taskQueues.get(name);
      if (!queue) throw new Error(`no queued task ${name}`);
      await queue.add(name, data, { jobId: id, attempts: 1, removeOnComplete: 100, removeOnFail: DEAD_LETTERS_KEPT });
    },
    deadLetters: (limit) => readDeadLetters(queues, limit),
    console: bullJobConsole(queues),
    deadLetterCount: async () => (await Promise.all(queues.map((q) => q.getFailedCount()))).reduce((a, b) => a + b, 0),
    async stop() {
      // Each worker finishes the run in hand, then the connections close.
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all(queues.map((queue) => queue.close()));
      for (const connection of [...workerConnections, queueConnection]) connection.disconnect();
    },
  };
}
