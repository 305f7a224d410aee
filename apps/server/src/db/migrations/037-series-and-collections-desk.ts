import type { Kysely } from 'kysely';

/**
 * Series, seasons, episodes and collections edited from the console (decision 105).
 * - `content_lists.enabled`: whether viewers see a series (and its seasons); 1 for every list that
 *   exists, 0 for a series an editor made and has not published yet, or unpublished.
 * - `content_lists.texts` and `collections.texts`: the four languages' title and synopsis as JSON,
 *   for lists and collections the console edited (null for the others: the French is the row's).
 * - `contents.former_type`: the type a content had before an editor made it an episode, given back
 *   when it is detached.
 * - `collections.hidden_at`: when an editor took a collection away from the viewers.
 */
export function seriesAndCollectionsDeskMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('content_lists')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('content_lists').addColumn('texts', 'text').execute();
      await db.schema.alterTable('contents').addColumn('former_type', 'text').execute();
      await db.schema.alterTable('collections').addColumn('texts', 'text').execute();
      await db.schema.alterTable('collections').addColumn('hidden_at', 'text').execute();
    },
  };
}
