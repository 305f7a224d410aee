import type { Kysely } from 'kysely';

/**
 * Channels shown or hidden from the console (decision 102): `hidden_at` is when an editor took a
 * channel out of the viewers' lists (channels, guide, search). Its rows, schedule and streams stay,
 * so showing it again puts it back in its place.
 */
export function channelVisibilityMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('channels').addColumn('hidden_at', 'text').execute();
    },
  };
}
