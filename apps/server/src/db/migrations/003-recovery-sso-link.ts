import type { Kysely } from 'kysely';

/** Password-reset links, social sign-on identities and authorizations, TV link codes (decisions 011, 012). */
export function recoverySsoLinkMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('password_resets')
        .addColumn('secret_hash', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('password_resets_customer').on('password_resets').column('customer_id').execute();

      await db.schema
        .createTable('sso_identities')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('sso_identities_pk', ['provider', 'subject'])
        .execute();

      await db.schema
        .createTable('sso_authorizations')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('requested_url', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('link_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('device_udid', 'text')
        .addColumn('approved_customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
        .addColumn('approved_at', 'text')
        .addColumn('consumed_at', 'text')
        .addColumn('data', 'text')
        .execute();
    },
  };
}
