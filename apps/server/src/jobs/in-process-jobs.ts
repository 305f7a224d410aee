import { payloadSummary, type FailedJob, type JobConsole } from './job-console';
import type { JobLog, JobStats, PeriodicJob, QueuedTask, RunningJobs } from './periodic-job';

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
  /** Runs a failed run once more (a retry from the console). */
  rerun(run: FailedJob): void;
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
  tasks: readonly QueuedTask[] = [],
): RunningJobs {
  const now = deps.now ?? (() => new Date());
  const timers: ReturnType<typeof setTimeout>[] = [];
  const inFlight = new Set<Promise<void>>();
  const queues = new Map<string, RunState>();
  let sequence = 0;
  /** The data of each failed task run, for its retry (periodic runs have none). */
  const dataOfFailed = new Map<string, unknown>();
  const recordFailure = (state: RunState, error: unknown, attempt: number, data?: unknown) => {
    deps.stats.record(state.name, 'failed');
    deps.log.error({ err: error, job: state.name }, `job ${state.name} failed`);
    sequence += 1;
    const id = `${state.name}-${sequence}`;
    state.failed.unshift({
      id,
      queue: state.name,
      name: state.name,
      payload: payloadSummary(data ?? {}),
      attempts: attempt,
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      failedAt: now().toISOString(),
    });
    if (data !== undefined) dataOfFailed.set(id, data);
    for (const dropped of state.failed.splice(FAILED_KEPT)) dataOfFailed.delete(dropped.id);
  };
  for (const job of jobs) {
    // A period's run is skipped while one runs; a retry waits for it instead, so it is never lost.
    const tick = async (attempt = 1, queued = false): Promise<void> => {
      if (state.current) {
        if (!queued) return;
        state.waiting += 1;
        await state.current.catch(() => {});
        state.waiting -= 1;
        return tick(attempt, true);
      }
      const run = job
        .run()
        .then((result) => {
          deps.stats.record(job.name, 'completed');
          state.completed += 1;
          job.onResult?.(result);
        })
        .catch((error: unknown) => recordFailure(state, error, attempt))
        .finally(() => {
          state.current = null;
          inFlight.delete(run);
        });
      state.current = run;
      inFlight.add(run);
      return run;
    };
    const state: RunState = {
      name: job.name,
      completed: 0,
      failed: [],
      waiting: 0,
      current: null,
      rerun: (run) => void tick(run.attempts + 1, true),
    };
    queues.set(job.name, state);
    const onTimer = () => void tick();
    const first = setTimeout(onTimer, job.firstRunAfterMs ?? 0);
    const every = setInterval(onTimer, job.everyMs);
    first.unref();
    every.unref();
    timers.push(first, every);
  }
  // Queued tasks (decision 094): each run carries its data; runs of a task go one after the other.
  const submitters = new Map<string, (data: unknown, attempt: number) => void>();
  for (const task of tasks) {
    let chain: Promise<void> = Promise.resolve();
    const submit = (data: unknown, attempt: number) => {
      state.waiting += 1;
      const run = chain.then(async () => {
        state.waiting -= 1;
        const current = task.run(data);
        state.current = current;
        try {
          await current;
          deps.stats.record(task.name, 'completed');
          state.completed += 1;
        } catch (error) {
          recordFailure(state, error, attempt, data);
        } finally {
          state.current = null;
        }
      });
      chain = run;
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    };
    const state: RunState = {
      name: task.name,
      completed: 0,
      failed: [],
      waiting: 0,
      current: null,
      rerun: (run) => {
        const data = dataOfFailed.get(run.id);
        dataOfFailed.delete(run.id);
        submit(data ?? {}, run.attempts + 1);
      },
    };
    queues.set(task.name, state);
    submitters.set(task.name, submit);
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
      taken.queue.rerun(taken.run);
      return taken.run;
    },
    async retryAll(name) {
      const queue = queues.get(name);
      if (!queue) return null;
      const runs = queue.failed.splice(0);
      // One run per failed run, one after the other (runs of a job never overlap).
      for (const run of runs) queue.rerun(run);
      return runs.length;
    },
    async discard(name, id) {
      const run = take(name, id)?.run ?? null;
      if (run) dataOfFailed.delete(run.id);
      return run;
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
    async enqueue(name, data) {
      const submit = submitters.get(name);
      if (!submit) throw new Error(`no queued task ${name}`);
      submit(data, 1);
    },
    deadLetterCount: async () => [...queues.values()].reduce((sum, q) => sum + q.failed.length, 0),
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(inFlight);
    },
  };
}
