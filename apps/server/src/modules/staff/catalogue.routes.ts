import { adminEndpoints } from '@playz/api-contract/admin';
import type { CatalogueDesk, DeskAudit } from '../catalogue';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffCaller } from './staff.service';
import type { FastifyRequest } from 'fastify';

/**
 * The editors' catalogue desk (decision 094): the uploads and their media job, a content's texts
 * in four languages, rating, kind and access, its publication. The catalogue module owns the rows
 * (its front door `app.catalogue.desk`, read at call time); each change is audited with before and
 * after in the catalogue's own transaction.
 */
export function registerCatalogueDeskRoutes(route: AdminRoute, deps: { desk: () => CatalogueDesk; audit: AuditLog }) {
  const { audit } = deps;
  const audited =
    (caller: StaffCaller, request: FastifyRequest, action: string, contentId: number): DeskAudit =>
    (trx, change) =>
      audit.record(
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

  route(adminEndpoints.listUploads, async ({ query }) => deps.desk().listUploads(query));

  route(adminEndpoints.getUpload, async ({ params }) => ({ upload: await deps.desk().getUpload(params.id) }));

  route(adminEndpoints.listCatalogueContents, async ({ query }) => deps.desk().listContents(query));

  route(adminEndpoints.getCatalogueContent, async ({ params }) => ({
    content: await deps.desk().getContent(params.id),
  }));

  route(adminEndpoints.updateCatalogueContent, async ({ params, body, caller, request }) => ({
    content: await deps.desk().update(params.id, body, audited(caller, request, 'content.update', params.id)),
  }));

  route(adminEndpoints.publishCatalogueContent, async ({ params, body, caller, request }) => ({
    content: await deps.desk().publish(params.id, body, audited(caller, request, 'content.publish', params.id)),
  }));

  route(adminEndpoints.unpublishCatalogueContent, async ({ params, caller, request }) => ({
    content: await deps.desk().unpublish(params.id, audited(caller, request, 'content.unpublish', params.id)),
  }));

  route(adminEndpoints.setCatalogueContentArtwork, async ({ params, body, caller, request }) =>
    deps
      .desk()
      .setArtwork(
        params.id,
        body.kind,
        Buffer.from(body.data, 'base64'),
        audited(caller, request, 'content.artwork', params.id),
      ),
  );
}
