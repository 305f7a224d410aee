import type { Kysely } from 'kysely';

/**
 * Customers known without an account (decision 089): the identity a provider confirmed for a
 * visitor's box (Orange's ise2, BAchat's external contract id), bound once to the account made for
 * it. The primary key makes two boxes saving at once find one account.
 */
export function externalIdentitiesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('external_identities')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('external_id', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('external_identities_pk', ['kind', 'external_id'])
        .execute();
      await db.schema
        .createIndex('external_identities_customer')
        .on('external_identities')
        .column('customer_id')
        .execute();
    },
  };
}
