import { ApiErrorNumber, apiError } from '@playz/domain';
import { adminEndpoints } from '@playz/api-contract/admin';
import type { JobConsole } from '../../jobs';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';

/**
 * The operator's view of the job queues (decision 092): counts, the dead-letter list paged on the
 * server, retry one, retry all of a queue, discard one. Each change is audited after the queue
 * took it (the queue is BullMQ's Redis or this process's memory, not the database: there is no
 * transaction to share), and only when it took it, so a second click leaves no entry.
 */
export function registerJobRoutes(route: AdminRoute, deps: { jobs: () => JobConsole | null; audit: AuditLog }) {
  const { audit } = deps;
  const jobs = () => {
    const found = deps.jobs();
    // Before the app is ready no job runs and there is nothing to show.
    if (!found) throw apiError(ApiErrorNumber.ServiceNotFound);
    return found;
  };
  const actorOf = (caller: { member: { id: number; email: string } }) => ({
    staffId: caller.member.id,
    email: caller.member.email,
  });

  route(adminEndpoints.listJobQueues, async () => {
    const console = jobs();
    return { mode: console.mode, queues: await console.queues() };
  });

  route(adminEndpoints.listFailedJobs, async ({ params, query }) => {
    const page = await jobs().failed(params.queue, { after: query.after, limit: query.limit });
    if (!page) throw apiError(ApiErrorNumber.NotFound);
    return page;
  });

  route(adminEndpoints.retryFailedJob, async ({ params, caller, request }) => {
    const retried = await jobs().retry(params.queue, params.id);
    // Unknown, or no longer failed (retried or discarded by someone else): nothing was queued.
    if (!retried) throw apiError(ApiErrorNumber.NotFound);
    await audit.record({
      actor: actorOf(caller),
      action: 'job.retry',
      target: { type: 'job', id: `${params.queue}/${params.id}` },
      before: { state: 'failed', attempts: retried.attempts, error: retried.error },
      after: { state: 'waiting' },
      ...auditContext(request),
    });
    return { retried };
  });

  route(adminEndpoints.retryAllFailedJobs, async ({ params, caller, request }) => {
    const console = jobs();
    const before = (await console.queues()).find((queue) => queue.name === params.queue);
    const retried = await console.retryAll(params.queue);
    if (retried === null || !before) throw apiError(ApiErrorNumber.NotFound);
    if (retried > 0)
      await audit.record({
        actor: actorOf(caller),
        action: 'job.retry-all',
        target: { type: 'job-queue', id: params.queue },
        before: { failed: before.failed },
        after: { retried },
        ...auditContext(request),
      });
    return { retried };
  });

  route(adminEndpoints.discardFailedJob, async ({ params, caller, request }) => {
    const discarded = await jobs().discard(params.queue, params.id);
    if (!discarded) throw apiError(ApiErrorNumber.NotFound);
    await audit.record({
      actor: actorOf(caller),
      action: 'job.discard',
      target: { type: 'job', id: `${params.queue}/${params.id}` },
      before: { state: 'failed', attempts: discarded.attempts, error: discarded.error, payload: discarded.payload },
      after: { state: 'discarded' },
      ...auditContext(request),
    });
    return { discarded };
  });
}
