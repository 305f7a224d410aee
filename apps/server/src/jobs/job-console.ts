import type { Job, Queue } from 'bullmq';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { decodeCursor, encodeCursor, keysetPage } from '../db/keyset-cursor';

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

/** A page of a queue's dead-letter list (decision 116): `next` is the opaque cursor of the page after. */
export interface FailedPage {
  jobs: FailedJob[];
  /** The queue's failed runs (at most the kept ones: a count of a hundred rows, not a table's). */
  total: number;
  next: string | null;
}

/** Where a page starts: after the run `[failedAt, id]` of the previous page's last line. */
export type FailedAfter = readonly [failedAt: string, id: string] | null;

/**
 * The dead-letter list's keyset (decision 116, as decision 110's lists): newest failure first, then
 * id, so a run failing between two reads neither shifts nor repeats the next page (an offset did).
 * The cursor names the list and its queue: another queue's, another list's or a forged one is 3.
 */
export function failedAfter(queue: string, cursor: string | undefined): FailedAfter {
  if (!cursor) return null;
  const [named, failedAt, id] = decodeCursor('dead-letters', ['text', 'text', 'text'], cursor);
  if (named !== queue) throw apiError(ApiErrorNumber.BadParameter, 'after: not a cursor of this queue');
  return [failedAt, id];
}

const failedKey = (run: FailedJob) => [run.failedAt ?? '', run.id] as const;
/** Newest first, then id descending: the order the table reads (failed_at desc, id desc). */
const newestFirst = (a: FailedJob, b: FailedJob) => {
  const [fa, ia] = failedKey(a);
  const [fb, ib] = failedKey(b);
  return fa !== fb ? (fa < fb ? 1 : -1) : ia === ib ? 0 : ia < ib ? 1 : -1;
};

/** `rows` (read as `limit + 1` in the list's order) as a page, its cursor made from its last line. */
export function failedPage(queue: string, rows: FailedJob[], limit: number, total: number): FailedPage {
  const { items, next } = keysetPage(rows, limit, (last) => encodeCursor('dead-letters', [queue, ...failedKey(last)]));
  return { jobs: items, total, next };
}

/** A page of a whole list held in hand (BullMQ's failed set, the memory list: at most the kept runs). */
export function failedPageOfAll(queue: string, runs: FailedJob[], after: FailedAfter, limit: number): FailedPage {
  const ordered = [...runs].sort(newestFirst);
  const rest = after
    ? ordered.filter((run) => {
        const [failedAt, id] = failedKey(run);
        return failedAt < after[0] || (failedAt === after[0] && id < after[1]);
      })
    : ordered;
  return failedPage(queue, rest.slice(0, limit + 1), limit, runs.length);
}

/**
 * What the operator's console does with the queues (decision 092), the same with BullMQ (REDIS_URL)
 * and on this process's timers. `retry` and `discard` answer null when the run is not (or no
 * longer) failed: the second of two clicks, or of two operators, changes nothing.
 */
export interface JobConsole {
  readonly mode: 'queue' | 'process';
  queues(): Promise<QueueCounts[]>;
  /** A page of the queue's dead-letter list by keyset (decision 116); null for an unknown queue. */
  failed(queue: string, page: { after?: string | undefined; limit: number }): Promise<FailedPage | null>;
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
      const after = failedAfter(name, page.after);
      // The failed set keeps at most DEAD_LETTERS_KEPT runs: read whole, ordered as the table is.
      const jobs = await queue.getFailed(0, -1);
      return failedPageOfAll(
        name,
        jobs.filter(Boolean).map((job) => failedLine(name, job)),
        after,
        page.limit,
      );
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
