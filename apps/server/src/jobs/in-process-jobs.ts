import type { JobLog, JobStats, PeriodicJob, RunningJobs } from './periodic-job';

/**
 * Jobs on this process's own timers (no REDIS_URL: one node). Runs of one job never overlap; a
 * failure is logged and counted, and the next period tries again. Timers are unref'd, so they
 * never keep a process alive.
 */
export function startInProcessJobs(jobs: readonly PeriodicJob[], deps: { log: JobLog; stats: JobStats }): RunningJobs {
  const timers: ReturnType<typeof setTimeout>[] = [];
  const inFlight = new Set<Promise<void>>();
  for (const job of jobs) {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      const run = job
        .run()
        .then((result) => {
          deps.stats.record(job.name, 'completed');
          job.onResult?.(result);
        })
        .catch((error: unknown) => {
          deps.stats.record(job.name, 'failed');
          deps.log.error({ err: error, job: job.name }, `job ${job.name} failed`);
        })
        .finally(() => {
          running = false;
          inFlight.delete(run);
        });
      inFlight.add(run);
    };
    const first = setTimeout(tick, job.firstRunAfterMs ?? 0);
    const every = setInterval(tick, job.everyMs);
    first.unref();
    every.unref();
    timers.push(first, every);
  }
  return {
    mode: 'process',
    deadLetters: async () => [],
    deadLetterCount: async () => 0,
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(inFlight);
    },
  };
}
