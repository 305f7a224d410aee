import type { Kysely } from 'kysely';

/**
 * Quality of experience on the event log (beyond the spec's content_type and
 * content_type_id): the event (play_start, rebuffer, error), a duration in ms and a short
 * detail (an error code), so an operator sees start-up times, stalls and failures per item.
 */
export function playbackQualityMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('event_logs').addColumn('event', 'text').execute();
      await db.schema.alterTable('event_logs').addColumn('value_ms', 'integer').execute();
      await db.schema.alterTable('event_logs').addColumn('detail', 'text').execute();
    },
  };
}
