import type { JobConsole } from './job-console';

/**
 * A task the deployment runs on a period (decision 038). `once` jobs must run once per period
 * across every API node (billing renewals, outbox pruning); with REDIS_URL they go through the
 * BullMQ queue, without it each process runs them on its own timer as a single node always did.
 */
export interface PeriodicJob<R = unknown> {
  /** Stable name: the BullMQ scheduler id, the metrics label, the CLI's word. */
  name: string;
  everyMs: number;
  /** First run this long after start (in process only; the queue's scheduler starts at once). */
  firstRunAfterMs?: number;
  run(): Promise<R>;
  /** Told each result (billing outcomes feed their counter from the report). */
  onResult?(result: R): void;
}

/**
 * A job run on demand with its data (decision 094: the media job of an uploaded video), through
 * the same queues as the periodic jobs: BullMQ with REDIS_URL (one node takes each run), this
 * process otherwise. A run that fails lands in the dead-letter list with its data, and the
 * console's retry runs it again with that data.
 */
export interface QueuedTask<D = unknown> {
  name: string;
  run(data: D): Promise<void>;
}

/** What a node counts of the job runs it made (playz_job_runs_total). */
export interface JobStats {
  record(job: string, outcome: 'completed' | 'failed'): void;
  counts(): { job: string; outcome: 'completed' | 'failed'; runs: number }[];
}

export function createJobStats(): JobStats {
  const runs = new Map<string, number>();
  return {
    record(job, outcome) {
      const key = `${job}\u0000${outcome}`;
      runs.set(key, (runs.get(key) ?? 0) + 1);
    },
    counts() {
      return [...runs].map(([key, count]) => {
        const [job, outcome] = key.split('\u0000') as [string, 'completed' | 'failed'];
        return { job, outcome, runs: count };
      });
    },
  };
}

/** A job that failed for good (every attempt used): the dead-letter view's line. */
export interface DeadJob {
  id: string;
  name: string;
  failedAt: string | null;
  attempts: number;
  reason: string;
}

export interface JobLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RunningJobs {
  /** `queue` when BullMQ carries them (REDIS_URL), `process` otherwise. */
  readonly mode: 'queue' | 'process';
  /** Failed jobs kept for the operator (in process mode: this process's since it started, decision 092). */
  deadLetters(limit?: number): Promise<DeadJob[]>;
  deadLetterCount(): Promise<number>;
  /** The console's view of the queues: counts, the dead-letter list, retry and discard (decision 092). */
  console: JobConsole;
  /** Queues one run of a task with its data; `id` makes a second queueing of the same run a no-op on BullMQ. */
  enqueue(name: string, data: unknown, id: string): Promise<void>;
  stop(): Promise<void>;
}
