import { adminEndpoints } from '@playz/api-contract/admin';
import type { FastifyRequest } from 'fastify';
import type { DeskAudit, ScheduleDesk } from '../catalogue';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffCaller } from './staff.service';

/**
 * The schedule editor (decision 103): one day of a channel's guide, and adding, moving, resizing or
 * removing a programme. The catalogue module's schedule desk makes each change and tells the viewers'
 * caches; each is audited with before and after in the change's transaction.
 */
export function registerScheduleRoutes(route: AdminRoute, deps: { schedule: () => ScheduleDesk; audit: AuditLog }) {
  const recorder =
    (caller: StaffCaller, request: FastifyRequest, action: string, channelId: number): DeskAudit =>
    (trx, change) =>
      deps.audit.record(
        {
          actor: { staffId: caller.member.id, email: caller.member.email },
          action,
          target: { type: 'channel', id: channelId },
          before: change.before,
          after: change.after,
          ...auditContext(request),
        },
        trx,
      );

  route(adminEndpoints.getAdminChannelSchedule, async ({ params, query }) =>
    deps.schedule().day(params.id, query.day, query.timeZone),
  );

  route(adminEndpoints.searchScheduleContents, async ({ query }) => ({
    contents: await deps.schedule().searchContents(query.q),
  }));

  route(adminEndpoints.addScheduleEntry, async ({ params, body, caller, request }) => ({
    entry: await deps.schedule().add(params.id, body, recorder(caller, request, 'schedule.add', params.id)),
  }));

  route(adminEndpoints.changeScheduleEntry, async ({ params, body, caller, request }) => ({
    entry: await deps
      .schedule()
      .move(params.id, params.entryId, body, recorder(caller, request, 'schedule.change', params.id)),
  }));

  route(adminEndpoints.removeScheduleEntry, async ({ params, caller, request }) => ({
    removed: await deps
      .schedule()
      .remove(params.id, params.entryId, recorder(caller, request, 'schedule.remove', params.id)),
  }));
}
