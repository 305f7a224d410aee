import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect';

/**
 * Indexes for a catalogue a hundred times the demo (decision 100, docs/big-catalogue.md), each for
 * a read whose plan scanned a big table:
 * - home rows and the landing page ask for the newest enabled contents of one type (films): with
 *   no index on the type, SQLite walked the contents from the highest id, every episode first;
 * - genre rows ask for the enabled contents of a genre in id order: PostgreSQL sorted the whole
 *   genre to keep a row's worth. SQLite's index already ended with the rowid; both read it in order;
 * - support finds a customer by the last nine digits of a mobile number: an index over that very
 *   expression (the search asks it in the same words), where `LIKE '%…'` read every account;
 * - and by the beginning of an e-mail: on PostgreSQL a `text_pattern_ops` index answers a LIKE
 *   prefix whatever the database's collation; SQLite ranges over the login's unique index;
 * - a signed-in customer's account reads the page its latest billing started from: billings had no
 *   index on the customer, so each read of the account went through every payment.
 */
export function bigCatalogueIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('contents_type_enabled_id')
        .on('contents')
        .columns(['content_type', 'enabled', 'id'])
        .execute();
      await db.schema
        .createIndex('contents_genre_enabled_id')
        .on('contents')
        .columns(['genre', 'enabled', 'id'])
        .execute();
      // The new one serves every read the old one did (its first two columns are the same).
      await db.schema.dropIndex('contents_genre').execute();
      await sql`CREATE INDEX customers_phone_last_nine ON customers ((substr(phone_number, length(phone_number) - 8)))`.execute(
        db,
      );
      await db.schema
        .createIndex('billings_customer_created')
        .on('billings')
        .columns(['customer_id', 'created_at', 'id'])
        .execute();
      if (dialect === 'postgres')
        await sql`CREATE INDEX customers_login_prefix ON customers (login text_pattern_ops)`.execute(db);
    },
  };
}
