import { adminEndpoints } from '@playz/api-contract/admin';
import type { FastifyRequest } from 'fastify';
import type { ContentTracksDesk, DeskAudit } from '../catalogue';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffCaller } from './staff.service';

/**
 * An uploaded content's subtitles, audio languages and protection (decision 114): the catalogue module's tracks
 * desk (its front door `app.catalogue.tracks`, read at call time) writes each change with its
 * audit entry and queues the packaging job that puts it in what the viewers play.
 */
export function registerCatalogueTrackRoutes(
  route: AdminRoute,
  deps: { tracks: () => ContentTracksDesk; audit: AuditLog },
) {
  const audited =
    (caller: StaffCaller, request: FastifyRequest, action: string, contentId: number): DeskAudit =>
    (trx, change) =>
      deps.audit.record(
        {
          actor: { staffId: caller.member.id, email: caller.member.email },
          action,
          target: { type: 'content', id: contentId },
          before: change.before,
          after: change.after,
          ...auditContext(request),
        },
        trx,
      );

  route(adminEndpoints.getContentTracks, async ({ params }) => deps.tracks().tracks(params.id));

  route(adminEndpoints.addContentSubtitle, async ({ params, body, caller, request }) =>
    deps.tracks().addSubtitle(
      params.id,
      {
        language: body.language,
        label: body.label,
        bytes: Buffer.from(body.data, 'base64'),
        by: caller.member.email,
      },
      audited(caller, request, 'content.subtitle.add', params.id),
    ),
  );

  route(adminEndpoints.addContentAudio, async ({ params, body, caller, request }) =>
    deps.tracks().addAudio(
      params.id,
      {
        language: body.language,
        label: body.label,
        bytes: Buffer.from(body.data, 'base64'),
        by: caller.member.email,
      },
      audited(caller, request, 'content.audio.add', params.id),
    ),
  );

  route(adminEndpoints.removeContentTrack, async ({ params, caller, request }) => {
    // The entry names what was taken out; a track's kind never changes, an unknown one answers 7 below.
    const kind = await deps.tracks().kindOf(params.id, params.trackId);
    const action = kind === 'audio' ? 'content.audio.remove' : 'content.subtitle.remove';
    return deps.tracks().removeTrack(params.id, params.trackId, audited(caller, request, action, params.id));
  });

  route(adminEndpoints.setContentProtection, async ({ params, body, caller, request }) =>
    deps.tracks().setProtection(params.id, body.protected, audited(caller, request, 'content.protection', params.id)),
  );
}
