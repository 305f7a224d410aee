import type { Job, Queue } from 'bullmq';

/** One queue as the console shows it (decision 092). */
export interface QueueCounts {
  name: string;
  waiting: number;
  running: number;
  failed: number;
  /** Runs that succeeded and are still kept (BullMQ keeps the last 100; in process, since start). */
  completedRecently: number;
}

/** A run that used every try: the dead-letter list's line (decision 092). */
export interface FailedJob {
  id: string;
  queue: string;
  name: string;
  /** The run's data, secrets hidden, at most 200 characters. */
  payload: string;
  attempts: number;
  error: string;
  failedAt: string | null;
}

/**
 * What the operator's console does with the queues (decision 092), the same with BullMQ (REDIS_URL)
 * and on this process's timers. `retry` and `discard` answer null when the run is not (or no
 * longer) failed: the second of two clicks, or of two operators, changes nothing.
 */
export interface JobConsole {
  readonly mode: 'queue' | 'process';
  queues(): Promise<QueueCounts[]>;
  failed(queue: string, page: { offset: number; limit: number }): Promise<{ jobs: FailedJob[]; total: number } | null>;
  retry(queue: string, id: string): Promise<FailedJob | null>;
  retryAll(queue: string): Promise<number | null>;
  discard(queue: string, id: string): Promise<FailedJob | null>;
}

const SECRET_KEY = /pass|secret|token|key|card|iban|auth|cookie|otp|pin|cvv|signature/i;

/** The run's data for a human: values of secret-looking fields hidden, nested ones too, cut short. */
export function payloadSummary(data: unknown): string {
  const hide = (value: unknown, depth: number): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (depth > 3) return '…';
    if (Array.isArray(value)) return value.slice(0, 10).map((item) => hide(item, depth + 1));
    return Object.fromEntries(
      Object.entries(value).map(([field, inner]) => [
        field,
        SECRET_KEY.test(field) ? '[hidden]' : hide(inner, depth + 1),
      ]),
    );
  };
  const text = data === undefined ? '{}' : (JSON.stringify(hide(data, 0)) ?? '{}');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

const failedLine = (queue: string, job: Job): FailedJob => ({
  id: String(job.id),
  queue,
  name: job.name,
  payload: payloadSummary(job.data),
  attempts: job.attemptsMade,
  error: (job.failedReason ?? '').slice(0, 500),
  failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
});

/** The console on BullMQ's queues: its failed sets are the dead-letter list (decision 038). */
export function bullJobConsole(queues: readonly Queue[]): JobConsole {
  const byName = (name: string) => queues.find((queue) => queue.name === name) ?? null;
  const failedJob = async (queue: Queue, id: string) => {
    const job = await queue.getJob(id);
    return job && (await job.isFailed()) ? job : null;
  };
  /** BullMQ's retry moves the run from the failed set in one script: a run no longer there is refused. */
  const retried = async (job: Job) => {
    try {
      // attemptsMade is kept: the run is tried once more, and back to the failed set if it fails again.
      await job.retry('failed');
      return true;
    } catch {
      return false;
    }
  };
  return {
    mode: 'queue',
    async queues() {
      return Promise.all(
        queues.map(async (queue) => {
          const counts = await queue.getJobCounts('waiting', 'delayed', 'prioritized', 'active', 'failed', 'completed');
          return {
            name: queue.name,
            waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
            running: counts.active ?? 0,
            failed: counts.failed ?? 0,
            completedRecently: counts.completed ?? 0,
          };
        }),
      );
    },
    async failed(name, page) {
      const queue = byName(name);
      if (!queue) return null;
      const [jobs, total] = await Promise.all([
        queue.getFailed(page.offset, page.offset + page.limit - 1),
        queue.getFailedCount(),
      ]);
      return { jobs: jobs.filter(Boolean).map((job) => failedLine(name, job)), total };
    },
    async retry(name, id) {
      const queue = byName(name);
      const job = queue ? await failedJob(queue, id) : null;
      if (!job) return null;
      const line = failedLine(name, job);
      return (await retried(job)) ? line : null;
    },
    async retryAll(name) {
      const queue = byName(name);
      if (!queue) return null;
      let count = 0;
      // The failed set holds at most DEAD_LETTERS_KEPT runs; each is moved by its own script.
      for (const job of await queue.getFailed(0, -1)) if (job && (await retried(job))) count += 1;
      return count;
    },
    async discard(name, id) {
      const queue = byName(name);
      const job = queue ? await failedJob(queue, id) : null;
      if (!job) return null;
      const line = failedLine(name, job);
      return (await job.remove().then(
        () => true,
        () => false,
      ))
        ? line
        : null;
    },
  };
}
