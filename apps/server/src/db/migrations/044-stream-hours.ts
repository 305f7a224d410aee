import type { Kysely } from 'kysely';

/**
 * The concurrent streams' history (decision 116): the View streams playing (the unexpired device
 * leases), sampled once a minute and folded into one row per UTC hour and counting scope: the
 * samples taken, the most streams in one sample (all kinds, then each kind) and their sum (the
 * average is sum ÷ samples). The scope is `deployment` when the leases are shared (Redis: every
 * node sees them all) or one process's id when each node keeps its own (no Redis): a deployment's
 * hour is its scopes' rows added. `last_minute` is the last sample folded in, so a second sample
 * of the same minute (a run delivered twice) changes nothing. The key (hour first) also serves the
 * range reads and the purge.
 */
export function streamHoursMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('stream_hours')
        /** The UTC hour, `YYYY-MM-DDTHH`: sorts and compares as the stored ISO times do. */
        .addColumn('hour', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('samples', 'integer', (c) => c.notNull())
        /** `YYYY-MM-DDTHH:MM` */
        .addColumn('last_minute', 'text', (c) => c.notNull())
        .addColumn('peak', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('peak_vod', 'integer', (c) => c.notNull())
        .addColumn('peak_live', 'integer', (c) => c.notNull())
        .addColumn('peak_event', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('stream_hours_pk', ['hour', 'scope'])
        .execute();
    },
  };
}
