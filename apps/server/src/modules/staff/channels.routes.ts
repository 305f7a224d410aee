import { adminEndpoints, type AdminChannel } from '@playz/api-contract/admin';
import type { FastifyRequest } from 'fastify';
import type { ChannelDesk, ChannelDeskRow, DeskAudit } from '../catalogue';
import { auditContext, type AdminRoute } from './admin-route';
import type { AuditLog } from './audit-log';
import type { StaffCaller } from './staff.service';

const toAdminChannel = (row: ChannelDeskRow): AdminChannel => ({
  id: row.id,
  name: row.name,
  type: row.channel_type,
  logo: row.logo,
  genre: row.genre,
  position: row.position,
  hiddenAt: row.hidden_at ?? null,
});

/**
 * Channels in the console (decision 102): the list in the viewers' order, a new order, hiding and
 * showing one. The catalogue module's channel desk makes each change and tells the viewers' caches;
 * each is audited with before and after in the change's transaction.
 */
export function registerChannelRoutes(route: AdminRoute, deps: { channels: () => ChannelDesk; audit: AuditLog }) {
  const recorder =
    (caller: StaffCaller, request: FastifyRequest, action: string, id: number | 'order'): DeskAudit =>
    (trx, change) =>
      deps.audit.record(
        {
          actor: { staffId: caller.member.id, email: caller.member.email },
          action,
          target: { type: 'channel', id },
          before: change.before,
          after: change.after,
          ...auditContext(request),
        },
        trx,
      );

  route(adminEndpoints.listAdminChannels, async () => ({
    channels: (await deps.channels().list()).map(toAdminChannel),
  }));

  route(adminEndpoints.reorderAdminChannels, async ({ body, caller, request }) => ({
    channels: (await deps.channels().reorder(body.ids, recorder(caller, request, 'channel.reorder', 'order'))).map(
      toAdminChannel,
    ),
  }));

  route(adminEndpoints.hideAdminChannel, async ({ params, caller, request }) => {
    const done = await deps.channels().hide(params.id, recorder(caller, request, 'channel.hide', params.id));
    return { channel: toAdminChannel(done.channel), repeated: done.repeated };
  });

  route(adminEndpoints.showAdminChannel, async ({ params, caller, request }) => {
    const done = await deps.channels().show(params.id, recorder(caller, request, 'channel.show', params.id));
    return { channel: toAdminChannel(done.channel), repeated: done.repeated };
  });
}
