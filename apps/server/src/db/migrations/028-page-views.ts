import type { Kysely } from 'kysely';
import type { Dialect } from '../connect';

/**
 * First-party audience measurement (decision 088): one row per page view of a browser whose viewer
 * allowed analytics. The ids are the measurement's own random cookies, never the account's; the
 * console counts visitors, visits and pages from them.
 */
export function pageViewsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await (
        dialect === 'postgres'
          ? db.schema.createTable('page_views').addColumn('id', 'serial', (c) => c.primaryKey())
          : db.schema.createTable('page_views').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('visitor_id', 'text', (c) => c.notNull())
        .addColumn('visit_id', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('logged', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('page_views_created_at').on('page_views').column('created_at').execute();
    },
  };
}
