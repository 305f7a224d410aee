import type { Kysely } from 'kysely';

/**
 * The editors' catalogue desk (decision 094). `content_uploads`: one row per video sent with the
 * tus protocol, which the media job moves from queued to done (or failed, with why) and to the
 * content it made; any node answers the console's polling from it, whichever node runs the job.
 * `content_editorial`: what the console edits beside the content row the viewers read — the
 * four languages' texts, its access (subscription, or bought at an offer's price), whether an
 * editor published it and between which dates. `contents.enabled` stays what the viewers' reads
 * filter on: publishing sets it, and the publication window job keeps it to the dates.
 */
export function catalogueDeskMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('content_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'integer', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('step', 'text')
        .addColumn('error', 'text')
        .addColumn('content_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('content_uploads_created').on('content_uploads').column('created_at').execute();
      await db.schema
        .createTable('content_editorial')
        .addColumn('content_id', 'integer', (c) => c.primaryKey())
        // JSON {"fr": {"title", "synopsis"}, "en": …, "nl": …, "es": …}
        .addColumn('texts', 'text', (c) => c.notNull())
        .addColumn('access', 'text', (c) => c.notNull().defaultTo('subscription'))
        .addColumn('price_offer_id', 'integer')
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('publish_from', 'text')
        .addColumn('publish_until', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('content_editorial_published').on('content_editorial').column('published').execute();
    },
  };
}
