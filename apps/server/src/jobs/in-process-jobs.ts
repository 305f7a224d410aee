import { randomBytes } from 'node:crypto';
import { failedAfter, payloadSummary, type FailedJob, type JobConsole } from './job-console';
import { memoryDeadLetters, type DeadLetterStore } from './dead-letters';
import type { JobLog, JobStats, PeriodicJob, QueuedTask, RunningJobs } from './periodic-job';

interface RunState {
  name: string;
  completed: number;
  /** Retries waiting for the run in hand. */
  waiting: number;
  current: Promise<void> | null;
  /** Runs a failed run once more (a retry from the console) with the data it had. */
  rerun(run: FailedJob, data: unknown): void;
}

/**
 * Jobs on this process's own timers (no REDIS_URL: one node). Runs of one job never overlap; a
 * failure is logged and counted, and the next period tries again. Timers are unref'd, so they
 * never keep a process alive. The console's dead-letter list (decision 092) is `deadLetters`: the
 * `job_dead_letters` table in a deployment, so it outlives a restart (decision 109); memory when
 * none is given (tests of the timers alone).
 */
export function startInProcessJobs(
  jobs: readonly PeriodicJob[],
  deps: { log: JobLog; stats: JobStats; now?: () => Date; deadLetters?: DeadLetterStore },
  tasks: readonly QueuedTask[] = [],
): RunningJobs {
  const now = deps.now ?? (() => new Date());
  const deadLetters = deps.deadLetters ?? memoryDeadLetters();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const inFlight = new Set<Promise<void>>();
  const queues = new Map<string, RunState>();
  const recordFailure = async (state: RunState, error: unknown, attempt: number, data?: unknown) => {
    deps.stats.record(state.name, 'failed');
    deps.log.error({ err: error, job: state.name }, `job ${state.name} failed`);
    // Unique across restarts: the list outlives the process.
    const id = `${state.name}-${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
    const run: FailedJob = {
      id,
      queue: state.name,
      name: state.name,
      payload: payloadSummary(data ?? {}),
      attempts: attempt,
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      failedAt: now().toISOString(),
    };
    try {
      await deadLetters.add(run, data ?? {});
    } catch (storeError) {
      deps.log.error({ err: storeError, job: state.name }, `job ${state.name}: its failure was not kept`);
    }
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
          await recordFailure(state, error, attempt, data);
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
      waiting: 0,
      current: null,
      rerun: (run, data) => submit(data ?? {}, run.attempts + 1),
    };
    queues.set(task.name, state);
    submitters.set(task.name, submit);
  }
  // Every call below answers from the list, not from this process's start: after a restart the
  // runs that failed before it are there, and a retry runs the job of that name once more.
  const jobConsole: JobConsole = {
    mode: 'process',
    async queues() {
      return Promise.all(
        [...queues.values()].map(async (q) => ({
          name: q.name,
          waiting: q.waiting,
          running: q.current ? 1 : 0,
          failed: await deadLetters.count(q.name),
          completedRecently: q.completed,
        })),
      );
    },
    async failed(name, page) {
      if (!queues.has(name)) return null;
      return deadLetters.page(name, failedAfter(name, page.after), page.limit);
    },
    async retry(name, id) {
      const queue = queues.get(name);
      // Taken out first: of two retries or discards, one gets it (decision 092).
      const taken = queue ? await deadLetters.take(name, id) : null;
      if (!queue || !taken) return null;
      queue.rerun(taken.run, taken.data);
      return taken.run;
    },
    async retryAll(name) {
      const queue = queues.get(name);
      if (!queue) return null;
      const runs = await deadLetters.takeAll(name);
      // One run per failed run, one after the other (runs of a job never overlap).
      for (const { run, data } of runs) queue.rerun(run, data);
      return runs.length;
    },
    async discard(name, id) {
      if (!queues.has(name)) return null;
      return (await deadLetters.take(name, id))?.run ?? null;
    },
  };
  return {
    mode: 'process',
    console: jobConsole,
    deadLetters: async (limit = 50) =>
      (await deadLetters.newest(limit)).map((run) => ({
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
    deadLetterCount: () => deadLetters.count(null),
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(inFlight);
    },
  };
}
