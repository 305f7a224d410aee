import { startInProcessJobs } from './in-process-jobs';
import type { JobLog, JobStats, PeriodicJob, RunningJobs } from './periodic-job';
import { startQueuedJobs } from './queued-jobs';

/**
 * Starts the deployment's periodic jobs (decision 038): through BullMQ on the deployment's Redis
 * when there is one (once across every API node, retried, failures kept), else on this process's
 * timers.
 */
export async function startJobs(
  jobs: readonly PeriodicJob[],
  deps: { redisUrl: string | null; redisKeyPrefix: string; log: JobLog; stats: JobStats },
): Promise<RunningJobs> {
  if (jobs.length === 0) return startInProcessJobs([], deps);
  return deps.redisUrl ? startQueuedJobs(jobs, { ...deps, redisUrl: deps.redisUrl }) : startInProcessJobs(jobs, deps);
}

export { createJobStats } from './periodic-job';
export type { FailedJob, JobConsole, QueueCounts } from './job-console';
export type { DeadJob, JobStats, PeriodicJob, RunningJobs } from './periodic-job';
