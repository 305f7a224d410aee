import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';
import { keysetQuery, NextCursorSchema } from './keyset-page';

// The operator's view of the job queues (decision 092): admin changes them, support reads them
// (a customer's missing mail or renewal is often a failed run).

const QueueCountsSchema = z.object({
  name: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  completedRecently: z.number().int(),
});
export type JobQueueCounts = z.infer<typeof QueueCountsSchema>;

const FailedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  /** The run's data with secret-looking fields hidden, at most 200 characters. */
  payload: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedJobLine = z.infer<typeof FailedJobSchema>;

const QueueParams = z.object({ queue: z.string().regex(/^[a-z0-9-]{1,64}$/) });
const JobParams = QueueParams.extend({ id: z.string().min(1).max(200) });

export const listJobQueues = defineAdminEndpoint({
  method: 'GET',
  path: '/jobs/queues',
  access: 'staff',
  roles: ['support'],
  summary: 'The job queues with their waiting, running, failed and recently completed runs',
  response: z.object({ mode: z.enum(['queue', 'process']), queues: z.array(QueueCountsSchema) }),
});

export const listFailedJobs = defineAdminEndpoint({
  method: 'GET',
  path: '/jobs/queues/:queue/failed',
  access: 'staff',
  roles: ['support'],
  summary: 'The dead-letter list of a queue: runs that used every try, newest first, paged by an opaque cursor',
  params: QueueParams,
  // By keyset like every console list (decisions 110 and 116): a run failing between two reads
  // shifted an offset's next page.
  query: z.object(keysetQuery(25)),
  response: z.object({ jobs: z.array(FailedJobSchema), total: z.number().int(), next: NextCursorSchema }),
});

export const retryFailedJob = defineAdminEndpoint({
  method: 'POST',
  path: '/jobs/queues/:queue/failed/:id/retry',
  access: 'staff',
  roles: ['admin'],
  summary: 'Runs one failed job once more (refused when it is no longer failed)',
  params: JobParams,
  response: z.object({ retried: FailedJobSchema }),
});

export const retryAllFailedJobs = defineAdminEndpoint({
  method: 'POST',
  path: '/jobs/queues/:queue/failed/retry',
  access: 'staff',
  roles: ['admin'],
  summary: 'Runs every failed job of a queue once more',
  params: QueueParams,
  response: z.object({ retried: z.number().int() }),
});

export const discardFailedJob = defineAdminEndpoint({
  method: 'POST',
  path: '/jobs/queues/:queue/failed/:id/discard',
  access: 'staff',
  roles: ['admin'],
  summary: 'Removes one failed job from the dead-letter list without running it',
  params: JobParams,
  response: z.object({ discarded: FailedJobSchema }),
});
