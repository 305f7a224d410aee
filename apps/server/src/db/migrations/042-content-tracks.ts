import type { Kysely } from 'kysely';

/**
 * Subtitles and protection of uploaded contents from the console (decision 114):
 * - `content_tracks`: a subtitle an editor sent for a content (its WebVTT kept under the data
 *   folder), its language and label, and the state of the packaging job that puts it in the
 *   content's manifests; `rev` is the packaging revision that adds it, `removed_rev` the one that
 *   takes it out (the row goes when that revision is live);
 * - `content_packaging`: per content, the ladder the media job made (`base_clip_key`), whether an
 *   editor marked it protected, the last packaging revision asked for (`rev`) and the one the
 *   viewers now play (`applied_rev`), with the job's state, progress and failure.
 */
export function contentTracksMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('content_tracks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('content_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('rev', 'integer', (c) => c.notNull())
        .addColumn('removed_rev', 'integer')
        .addColumn('error', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('content_tracks_content').on('content_tracks').column('content_id').execute();
      await db.schema
        .createTable('content_packaging')
        .addColumn('content_id', 'integer', (c) => c.primaryKey())
        .addColumn('base_clip_key', 'text', (c) => c.notNull())
        .addColumn('protected', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rev', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('applied_rev', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
