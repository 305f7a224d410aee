import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect';

/**
 * Catalogue browsing: people of contents (search), stream URLs of imported channels, characters, games,
 * live events, the event log, and the search index (decision 013): an FTS5 table on SQLite,
 * a table of pre-folded text with a GIN full-text index on PostgreSQL.
 */
export function catalogueMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // JSON {"Directors": [...], "Actors": [...]}; null when unknown.
      await db.schema.alterTable('contents').addColumn('people', 'text').execute();
      await db.schema.alterTable('channels').addColumn('stream_url', 'text').execute();

      await db.schema
        .createTable('characters')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'text')
        .addColumn('content_list_id', 'integer', (c) => c.references('content_lists.id'))
        .execute();

      await db.schema
        .createTable('games')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('preview', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('live_events')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('channel_id', 'integer', (c) => c.references('channels.id'))
        // 0 until the event has a replay (spec 2 §3).
        .addColumn('content_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('description_sections', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('location_name', 'text')
        .addColumn('location_address', 'text')
        .addColumn('date_scheduled', 'text', (c) => c.notNull())
        .addColumn('duration', 'real', (c) => c.notNull())
        .addColumn('lead_time_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('countdown_type', 'text', (c) => c.notNull().defaultTo('Image'))
        .addColumn('poster', 'text')
        .addColumn('preview', 'text')
        .addColumn('teaser', 'text')
        .addColumn('product_price_id', 'integer')
        .execute();
      await db.schema.createIndex('live_events_date').on('live_events').column('date_scheduled').execute();

      const eventLogs =
        dialect === 'postgres'
          ? db.schema.createTable('event_logs').addColumn('id', 'serial', (c) => c.primaryKey())
          : db.schema.createTable('event_logs').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await eventLogs
        .addColumn('customer_id', 'integer')
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('content_type_id', 'integer', (c) => c.notNull())
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema.createIndex('schedules_content').on('schedules').column('content_id').execute();
      await db.schema.createIndex('contents_genre').on('contents').columns(['genre', 'enabled']).execute();

      if (dialect === 'sqlite') {
        // Text is folded in JS before indexing (decision 013); remove_diacritics 2 is a second net.
        await sql`CREATE VIRTUAL TABLE search_fts USING fts5(
          kind UNINDEXED, item_id UNINDEXED, title, body,
          tokenize = 'unicode61 remove_diacritics 2'
        )`.execute(db);
      } else {
        await db.schema
          .createTable('search_documents')
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('item_id', 'integer', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('search_documents_pk', ['kind', 'item_id'])
          .execute();
        await sql`CREATE INDEX search_documents_fts ON search_documents
          USING GIN ((setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')))`.execute(
          db,
        );
      }
    },
  };
}
