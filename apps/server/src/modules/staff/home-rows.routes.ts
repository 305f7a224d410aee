import { adminEndpoints, type AdminHomeRow } from '@playz/api-contract/admin';
import type { PageRow } from '@playz/api-contract';
import type { FastifyRequest } from 'fastify';
import type { DeskAudit, HomeRowDeskRow, HomeRowsDesk } from '../catalogue';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffCaller } from './staff.service';

/**
 * Home rows in the console (decision 106): the rows of the viewers' home in their order, a new
 * row, its titles and style, a new order, hiding, showing and deleting one, and the preview per
 * kind of viewer. The catalogue module's home-rows desk makes each change and tells the viewers'
 * caches; each is audited with before and after in the change's transaction.
 */
export function registerHomeRowRoutes(route: AdminRoute, deps: { homeRows: () => HomeRowsDesk; audit: AuditLog }) {
  const recorder =
    (caller: StaffCaller, request: FastifyRequest, action: string, id: number | 'order'): DeskAudit =>
    (trx, change) =>
      deps.audit.record(
        {
          actor: { staffId: caller.member.id, email: caller.member.email },
          action,
          target: { type: 'home-row', id },
          before: change.before,
          after: change.after,
          ...auditContext(request),
        },
        trx,
      );

  const toAdmin = async (rows: HomeRowDeskRow[]): Promise<AdminHomeRow[]> => {
    const names = await deps.homeRows().targetNames(rows);
    return rows.map((row) => ({
      id: row.id,
      position: row.position,
      rowType: row.row_type,
      typeID: row.type_id,
      targetName: names.get(row.id) ?? null,
      style: row.style as AdminHomeRow['style'],
      titles: deps.homeRows().parseTitles(row),
      hiddenAt: row.hidden_at ?? null,
    }));
  };
  const toAdminOne = async (row: HomeRowDeskRow) => (await toAdmin([row]))[0]!;

  route(adminEndpoints.listHomeRows, async () => {
    const desk = deps.homeRows();
    const [rows, choices] = await Promise.all([desk.list(), desk.choices()]);
    return { rows: await toAdmin(rows), ...choices };
  });

  route(adminEndpoints.searchHomeRowLists, async ({ query }) => ({
    lists: await deps.homeRows().findLists(query.q),
  }));

  route(adminEndpoints.createHomeRow, async ({ body, caller, request }) => {
    const row = await deps
      .homeRows()
      .create(body, (trx, change, id) => recorder(caller, request, 'home-row.create', id)(trx, change));
    return { row: await toAdminOne(row) };
  });

  route(adminEndpoints.reorderHomeRows, async ({ body, caller, request }) => ({
    rows: await toAdmin(
      await deps.homeRows().reorder(body.ids, recorder(caller, request, 'home-row.reorder', 'order')),
    ),
  }));

  route(adminEndpoints.previewHomeRows, async ({ body }) => {
    const answer = await deps.homeRows().preview(body);
    // The viewers' answer, bytes made by their code, read back for the console's envelope.
    return JSON.parse(answer.json.toString('utf8')) as { Rows: PageRow[] };
  });

  route(adminEndpoints.updateHomeRow, async ({ params, body, caller, request }) => ({
    row: await toAdminOne(
      await deps.homeRows().update(params.id, body, recorder(caller, request, 'home-row.update', params.id)),
    ),
  }));

  route(adminEndpoints.hideHomeRow, async ({ params, caller, request }) => {
    const done = await deps.homeRows().hide(params.id, recorder(caller, request, 'home-row.hide', params.id));
    return { row: await toAdminOne(done.row), repeated: done.repeated };
  });

  route(adminEndpoints.showHomeRow, async ({ params, caller, request }) => {
    const done = await deps.homeRows().show(params.id, recorder(caller, request, 'home-row.show', params.id));
    return { row: await toAdminOne(done.row), repeated: done.repeated };
  });

  route(adminEndpoints.deleteHomeRow, async ({ params, caller, request }) => ({
    deleted: await deps.homeRows().remove(params.id, recorder(caller, request, 'home-row.delete', params.id)),
  }));
}
