import type { Kysely } from 'kysely';

/**
 * A billing is bound on the server to the browser that started it (decision 052): the hash of a
 * secret only that browser's cookie holds. The account a payment made signs that browser in once
 * (`signed_in_at`), minutes after the payment (`paid_at`), and only when the payment itself made
 * the account (`created_customer`).
 */
export function billingHoldersMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('billings').addColumn('holder_hash', 'text').execute();
      await db.schema
        .alterTable('billings')
        .addColumn('created_customer', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('billings').addColumn('paid_at', 'text').execute();
      await db.schema.alterTable('billings').addColumn('signed_in_at', 'text').execute();
    },
  };
}
