import { adminEndpoints } from '@playz/api-contract/admin';
import type { GuideImportDesk } from '../catalogue';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';

/**
 * XMLTV and M3U imports from the console (decision 103): a preview that writes nothing, then the
 * import in one transaction with its audit entry, through the catalogue module's front door.
 */
export function registerGuideImportRoutes(
  route: AdminRoute,
  deps: { guideImport: () => GuideImportDesk; audit: AuditLog },
) {
  route(adminEndpoints.previewGuideImport, async ({ body }) => ({
    preview: await deps.guideImport().preview(body.format, body.text),
  }));

  route(adminEndpoints.applyGuideImport, async ({ body, caller, request }) =>
    deps.guideImport().apply(body.format, body.text, (trx, change) =>
      deps.audit.record(
        {
          actor: { staffId: caller.member.id, email: caller.member.email },
          action: `guide.import.${body.format}`,
          target: { type: 'guide', id: body.format },
          before: change.before,
          after: change.after,
          ...auditContext(request),
        },
        trx,
      ),
    ),
  );
}
