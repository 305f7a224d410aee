import { adminEndpoints } from '@playz/api-contract/admin';
import type { FastifyRequest } from 'fastify';
import type { ArtworkDesk, DeskAudit } from '../catalogue';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffCaller } from './staff.service';

/**
 * Artwork for series and live events from the console (decision 115), and what a content, a
 * series or a live event shows viewers now. The catalogue module's artwork desk checks and makes
 * the pictures and writes them with their audit entry in one transaction; the body limit is the
 * contract's, read only after the staff session and role were checked (admin-route.ts).
 */
export function registerArtworkRoutes(route: AdminRoute, deps: { artwork: () => ArtworkDesk; audit: AuditLog }) {
  const recorder =
    (caller: StaffCaller, request: FastifyRequest, action: string, target: { type: string; id: number }): DeskAudit =>
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

  route(adminEndpoints.getCatalogueContentArtwork, async ({ params }) => ({
    images: await deps.artwork().contentImages(params.id),
  }));

  route(adminEndpoints.getAdminSeriesArtwork, async ({ params }) => ({
    images: await deps.artwork().seriesImages(params.id),
  }));

  route(adminEndpoints.setAdminSeriesArtwork, async ({ params, body, caller, request }) => ({
    images: await deps
      .artwork()
      .setSeries(
        params.id,
        body.kind,
        Buffer.from(body.data, 'base64'),
        recorder(caller, request, 'series.artwork', { type: 'series', id: params.id }),
      ),
  }));

  route(adminEndpoints.getAdminLiveEventArtwork, async ({ params }) => ({
    images: await deps.artwork().liveEventImages(params.id),
  }));

  route(adminEndpoints.setAdminLiveEventArtwork, async ({ params, body, caller, request }) => ({
    images: await deps
      .artwork()
      .setLiveEvent(
        params.id,
        Buffer.from(body.data, 'base64'),
        recorder(caller, request, 'live-event.artwork', { type: 'live-event', id: params.id }),
      ),
  }));
}
