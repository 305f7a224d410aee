import type { FailedJob, JobConsole } from './job-console';
import type { JobLog, JobStats, PeriodicJob, RunningJobs } from './periodic-job';

/** Failed runs this process keeps per job for the console (decision 092); older ones are dropped. */
const FAILED_KEPT = 100;

interface RunState {
  name: string;
  completed: number;
  /** Newest first. */
  failed: FailedJob[];
  /** Retries waiting for the run in hand. */
  waiting: number;
  current: Promise<void> | null;
  tick(attempt?: number, queued?: boolean): Promise<void>;
}

/**
 * Jobs on this process's own timers (no REDIS_URL: one node). Runs of one job never overlap; a
 * failure is logged and counted, and the next period tries again. Timers are unref'd, so they
 * never keep a process alive. The console's dead-letter list (decision 092) is this process's
 * memory: failed runs since it started, which a retry runs once more.
 */
export function startInProcessJobs(
  jobs: readonly PeriodicJob[],
  deps: { log: JobLog; stats: JobStats; now?: () => Date },
): RunningJobs {
  const now = deps.now ?? (() => new Date());
  const timers: ReturnType<typeof setTimeout>[] = [];
  const inFlight = new Set<Promise<void>>();
  const queues = new Map<string, RunState>();
  let sequence = 0;
  for (const job of jobs) {
    const state: RunState = {
      name: job.name,
      completed: 0,
      failed: [],
      waiting: 0,
      current: null,
      // A period's run is skipped while one runs; a retry waits for it instead, so it is never lost.
      tick: async (attempt = 1, queued = false): Promise<void> => {
        if (state.current) {
          if (!queued) return;
          state.waiting += 1;
          await state.current.catch(() => {});
          state.waiting -= 1;
          return state.tick(attempt, true);
        }
        const run = job
          .run()
          .then((result) => {
            deps.stats.record(job.name, 'completed');
            state.completed += 1;
            job.onResult?.(result);
          })
          .catch((error: unknown) => {
            deps.stats.record(job.name, 'failed');
            deps.log.error({ err: error, job: job.name }, `job ${job.name} failed`);
            sequence += 1;
            state.failed.unshift({
              id: `${job.name}-${sequence}`,
              queue: job.name,
              name: job.name,
              payload: '{}',
              attempts: attempt,
              error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
              failedAt: now().toISOString(),
            });
            state.failed.length = Math.min(state.failed.length, FAILED_KEPT);
          })
          .finally(() => {
            state.current = null;
            inFlight.delete(run);
          });
        state.current = run;
        inFlight.add(run);
        return run;
      },
    };
    queues.set(job.name, state);
    const tick = () => void state.tick();
    const first = setTimeout(tick, job.firstRunAfterMs ?? 0);
    const every = setInterval(tick, job.everyMs);
    first.unref();
    every.unref();
    timers.push(first, every);
  }
  /** Takes a failed run out of the list: synchronous, so of two retries or discards one gets it. */
  const take = (name: string, id: string) => {
    const queue = queues.get(name);
    const index = queue ? queue.failed.findIndex((run) => run.id === id) : -1;
    return queue && index >= 0 ? { queue, run: queue.failed.splice(index, 1)[0]! } : null;
  };
  const jobConsole: JobConsole = {
    mode: 'process',
    async queues() {
      return [...queues.values()].map((q) => ({
        name: q.name,
        waiting: q.waiting,
        running: q.current ? 1 : 0,
        failed: q.failed.length,
        completedRecently: q.completed,
      }));
    },
    async failed(name, page) {
      const queue = queues.get(name);
      if (!queue) return null;
      return { jobs: queue.failed.slice(page.offset, page.offset + page.limit), total: queue.failed.length };
    },
    async retry(name, id) {
      const taken = take(name, id);
      if (!taken) return null;
      void taken.queue.tick(taken.run.attempts + 1, true);
      return taken.run;
    },
    async retryAll(name) {
      const queue = queues.get(name);
      if (!queue) return null;
      const runs = queue.failed.splice(0);
      // One run per failed run, one after the other (runs of a job never overlap).
      for (const run of runs) void queue.tick(run.attempts + 1, true);
      return runs.length;
    },
    async discard(name, id) {
      return take(name, id)?.run ?? null;
    },
  };
  return {
    mode: 'process',
    console: jobConsole,
    deadLetters: async (limit = 50) =>
      [...queues.values()]
        .flatMap((q) => q.failed)
        .sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? ''))
        .slice(0, limit)
        .map((run) => ({
          id: run.id,
          name: run.name,
          failedAt: run.failedAt,
          attempts: run.attempts,
          reason: run.error,
        })),
    deadLetterCount: async () => [...queues.values()].reduce((sum, q) => sum + q.failed.length, 0),
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(inFlight);
    },
  };
}
