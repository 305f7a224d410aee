import type { DeadLetterStore } from './dead-letters';
import { startInProcessJobs } from './in-process-jobs';
import type { JobLog, JobStats, PeriodicJob, QueuedTask, RunningJobs } from './periodic-job';

/**
 * Starts the deployment's periodic jobs (decision 038): through BullMQ on the deployment's Redis
 * when there is one (once across every API node, retried, failures kept), else on this process's
 * timers.
 */
export async function startJobs(
  jobs: readonly PeriodicJob[],
  deps: {
    redisUrl: string | null;
    redisKeyPrefix: string;
    log: JobLog;
    stats: JobStats;
    /** Where the in-process queue keeps its failed runs (decision 109); memory when absent. */
    deadLetters?: DeadLetterStore;
  },
  tasks: readonly QueuedTask[] = [],
): Promise<RunningJobs> {
  if (jobs.length === 0 && tasks.length === 0) return startInProcessJobs([], deps);
  if (!deps.redisUrl) return startInProcessJobs(jobs, deps, tasks);
  // BullMQ is loaded only where it runs: a node without Redis keeps its ~6 MB of heap (decision 121).
  const { startQueuedJobs } = await import('./queued-jobs');
  return startQueuedJobs(jobs, { ...deps, redisUrl: deps.redisUrl }, tasks);
}

export { createJobStats } from './periodic-job';
export { tableDeadLetters, type DeadLetterStore } from './dead-letters';
export type { FailedJob, JobConsole, QueueCounts } from './job-console';
export type { DeadJob, JobStats, PeriodicJob, QueuedTask, RunningJobs } from './periodic-job';
