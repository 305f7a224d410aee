import type { Kysely } from 'kysely';

/**
 * Home rows from the console (decision 106). `titles`: the row's title in the other languages,
 * JSON {"en", "nl", "es"} (French stays `title`, the column the viewers' apps have always read);
 * `hidden_at`: when an editor took the row off the viewers' home, its place and settings kept so
 * showing it again puts it back where it was.
 */
export function homeRowsDeskMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('page_rows')
        .addColumn('titles', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema.alterTable('page_rows').addColumn('hidden_at', 'text').execute();
    },
  };
}
