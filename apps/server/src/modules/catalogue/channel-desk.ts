import type { Kysely, Selectable } from 'kysely';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { Database } from '../../db/schema';
import type { DeskAudit } from './catalogue-desk';

export type ChannelDeskRow = Selectable<Database['channels']>;

/**
 * The editors' channels (decision 102): every channel, hidden or not, in the viewers' order; a new
 * order and hiding or showing one. Each change is written with its audit entry in one transaction,
 * then `afterChange` tells the catalogue's readers (version bump and this node's cache).
 */
export function createChannelDesk(deps: { db: Kysely<Database>; now: () => Date; afterChange: () => Promise<void> }) {
  const { db } = deps;
  const all = (trx: Kysely<Database>) =>
    trx.selectFrom('channels').selectAll().orderBy('position').orderBy('id').execute();
  const one = async (trx: Kysely<Database>, id: number) => {
    const row = await trx.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw apiError(ApiErrorNumber.ChannelNotFound);
    return row;
  };
  const brief = (rows: ChannelDeskRow[]) => rows.map((r) => ({ id: r.id, position: r.position }));

  async function setHidden(id: number, hidden: boolean, audit: DeskAudit) {
    const done = await db.transaction().execute(async (trx) => {
      const before = await one(trx, id);
      // Hiding a hidden channel (or showing a shown one) changes nothing and is not audited again.
      if (Boolean(before.hidden_at) === hidden) return { channel: before, repeated: true };
      const hiddenAt = hidden ? deps.now().toISOString() : null;
      await trx.updateTable('channels').set({ hidden_at: hiddenAt }).where('id', '=', id).execute();
      const channel = await one(trx, id);
      await audit(trx, { before: { hiddenAt: before.hidden_at ?? null }, after: { hiddenAt } });
      return { channel, repeated: false };
    });
    if (!done.repeated) await deps.afterChange();
    return done;
  }

  return {
    list: () => all(db),

    /**
     * Puts the channels in `ids`' order. The list must name every channel once, so an order made
     * on a stale list (another editor added or reordered one meanwhile) is refused, not half-applied.
     */
    async reorder(ids: number[], audit: DeskAudit): Promise<ChannelDeskRow[]> {
      const rows = await db.transaction().execute(async (trx) => {
        const before = await all(trx);
        const known = new Set(before.map((r) => r.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
          throw apiError(ApiErrorNumber.BadParameter);
        for (const [index, id] of ids.entries()) {
          await trx
            .updateTable('channels')
            .set({ position: index + 1 })
            .where('id', '=', id)
            .execute();
        }
        const after = await all(trx);
        await audit(trx, { before: brief(before), after: brief(after) });
        return after;
      });
      await deps.afterChange();
      return rows;
    },

    hide: (id: number, audit: DeskAudit) => setHidden(id, true, audit),
    show: (id: number, audit: DeskAudit) => setHidden(id, false, audit),
  };
}

export type ChannelDesk = ReturnType<typeof createChannelDesk>;
