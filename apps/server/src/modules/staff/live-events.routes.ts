import { adminEndpoints } from '@playz/api-contract/admin';
import type { FastifyRequest } from 'fastify';
import type { DeskAudit, LiveEventDesk } from '../catalogue';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffCaller } from './staff.service';

/**
 * Live events in the console (decision 108): the list, a new event, its changes, cancel or hide,
 * its replay. The catalogue module's live event desk makes each change with its audit entry in one
 * transaction and tells the viewers' reads.
 */
export function registerLiveEventRoutes(route: AdminRoute, deps: { liveEvents: () => LiveEventDesk; audit: AuditLog }) {
  const recorder =
    (caller: StaffCaller, request: FastifyRequest, action: string, id: number | 'new'): DeskAudit =>
    (trx, change) =>
      deps.audit.record(
        {
          actor: { staffId: caller.member.id, email: caller.member.email },
          action,
          // A new event's id is known only inside the transaction: its "after" carries it.
          target: { type: 'live-event', id: id === 'new' ? ((change.after as { id: number }).id ?? id) : id },
          before: change.before,
          after: change.after,
          ...auditContext(request),
        },
        trx,
      );

  route(adminEndpoints.listAdminLiveEvents, async ({ query }) => deps.liveEvents().list(query));

  route(adminEndpoints.createAdminLiveEvent, async ({ body, caller, request }) => ({
    event: await deps.liveEvents().create(body, recorder(caller, request, 'live-event.create', 'new')),
  }));

  route(adminEndpoints.updateAdminLiveEvent, async ({ params, body, caller, request }) => ({
    event: await deps.liveEvents().update(params.id, body, recorder(caller, request, 'live-event.change', params.id)),
  }));

  route(adminEndpoints.hideAdminLiveEvent, async ({ params, caller, request }) =>
    deps.liveEvents().hide(params.id, recorder(caller, request, 'live-event.hide', params.id)),
  );

  route(adminEndpoints.showAdminLiveEvent, async ({ params, caller, request }) =>
    deps.liveEvents().show(params.id, recorder(caller, request, 'live-event.show', params.id)),
  );

  route(adminEndpoints.setAdminLiveEventReplay, async ({ params, body, caller, request }) => ({
    event: await deps
      .liveEvents()
      .setReplay(params.id, body.contentId, recorder(caller, request, 'live-event.replay', params.id)),
  }));
}
