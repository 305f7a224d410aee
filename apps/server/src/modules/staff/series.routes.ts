import { adminEndpoints } from '@playz/api-contract/admin';
import type { FastifyRequest } from 'fastify';
import type { CollectionDesk, DeskAudit, SeriesDesk } from '../catalogue';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffCaller } from './staff.service';

/**
 * Series, seasons, episodes and collections in the console (decision 105). The catalogue module's
 * desks make each change and tell the viewers' reads; each is audited with before and after in the
 * change's transaction. A season's or an episode's change is recorded against its series.
 */
export function registerSeriesRoutes(
  route: AdminRoute,
  deps: { series: () => SeriesDesk; collections: () => CollectionDesk; audit: AuditLog },
) {
  const recorder =
    (
      caller: StaffCaller,
      request: FastifyRequest,
      action: string,
      target: { type: string; id: number | string },
    ): DeskAudit =>
    (trx, change) =>
      deps.audit.record(
        {
          actor: { staffId: caller.member.id, email: caller.member.email },
          action,
          target,
          before: change.before,
          after: change.after,
          ...auditContext(request),
        },
        trx,
      );
  /** A season's change is audited against its series, whose id the answer carries. */
  const bySeries = (caller: StaffCaller, request: FastifyRequest, action: string): DeskAudit => {
    return (trx, change) => {
      const id = (change.after as { id: number } | null)?.id ?? (change.before as { id: number }).id;
      return recorder(caller, request, action, { type: 'series', id })(trx, change);
    };
  };

  route(adminEndpoints.listAdminSeries, async ({ query }) => deps.series().list(query));
  route(adminEndpoints.getAdminSeries, async ({ params }) => ({ series: await deps.series().get(params.id) }));
  route(adminEndpoints.createAdminSeries, async ({ body, caller, request }) => ({
    series: await deps.series().create(body, bySeries(caller, request, 'series.create')),
  }));
  route(adminEndpoints.updateAdminSeries, async ({ params, body, caller, request }) => ({
    series: await deps.series().update(params.id, body, bySeries(caller, request, 'series.update')),
  }));
  route(adminEndpoints.publishAdminSeries, async ({ params, caller, request }) => ({
    series: await deps.series().setPublished(params.id, true, bySeries(caller, request, 'series.publish')),
  }));
  route(adminEndpoints.unpublishAdminSeries, async ({ params, caller, request }) => ({
    series: await deps.series().setPublished(params.id, false, bySeries(caller, request, 'series.unpublish')),
  }));
  route(adminEndpoints.addAdminSeason, async ({ params, body, caller, request }) => ({
    series: await deps.series().addSeason(params.id, body, bySeries(caller, request, 'season.create')),
  }));
  route(adminEndpoints.removeAdminSeason, async ({ params, caller, request }) => ({
    series: await deps.series().removeSeason(params.id, bySeries(caller, request, 'season.remove')),
  }));
  route(adminEndpoints.attachAdminEpisode, async ({ params, body, caller, request }) => ({
    series: await deps.series().attach(params.id, body, bySeries(caller, request, 'episode.attach')),
  }));
  route(adminEndpoints.reorderAdminEpisodes, async ({ params, body, caller, request }) => ({
    series: await deps.series().reorder(params.id, body.contentIds, bySeries(caller, request, 'episode.reorder')),
  }));
  route(adminEndpoints.detachAdminEpisode, async ({ params, caller, request }) => ({
    series: await deps.series().detach(params.id, params.contentId, bySeries(caller, request, 'episode.detach')),
  }));

  const byCollection = (caller: StaffCaller, request: FastifyRequest, action: string): DeskAudit => {
    return (trx, change) => {
      const id = (change.after as { id: number } | null)?.id ?? (change.before as { id: number }).id;
      return recorder(caller, request, action, { type: 'collection', id })(trx, change);
    };
  };
  route(adminEndpoints.listAdminCollections, async ({ query }) => deps.collections().list(query));
  route(adminEndpoints.getAdminCollection, async ({ params }) => ({
    collection: await deps.collections().get(params.id),
  }));
  route(adminEndpoints.createAdminCollection, async ({ body, caller, request }) => ({
    collection: await deps.collections().create(body, byCollection(caller, request, 'collection.create')),
  }));
  route(adminEndpoints.updateAdminCollection, async ({ params, body, caller, request }) => ({
    collection: await deps.collections().update(params.id, body, byCollection(caller, request, 'collection.update')),
  }));
  route(adminEndpoints.hideAdminCollection, async ({ params, caller, request }) => ({
    collection: await deps.collections().setHidden(params.id, true, byCollection(caller, request, 'collection.hide')),
  }));
  route(adminEndpoints.showAdminCollection, async ({ params, caller, request }) => ({
    collection: await deps.collections().setHidden(params.id, false, byCollection(caller, request, 'collection.show')),
  }));
  route(adminEndpoints.deleteAdminCollection, async ({ params, caller, request }) => ({
    deleted: await deps.collections().remove(params.id, byCollection(caller, request, 'collection.delete')),
  }));
}
