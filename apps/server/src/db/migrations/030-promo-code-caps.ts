import type { Kysely } from 'kysely';

/**
 * Promo codes run from the console (decision 090): a cap on how many accounts may redeem a code,
 * the moment an operator disabled it, and who made it. Redemptions are the accounts that carry
 * the code (customers.promo_code, migration 006), counted through an index rather than a counter
 * kept beside them, so the count can never drift from the accounts it describes.
 */
export function promoCodeCapsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // null: no cap.
      await db.schema.alterTable('promo_codes').addColumn('max_redemptions', 'integer').execute();
      // null: live (until expires_at); set: refused at registration from then on.
      await db.schema.alterTable('promo_codes').addColumn('disabled_at', 'text').execute();
      // The staff e-mail that made it from the console; null for codes made before (or by a migration).
      await db.schema.alterTable('promo_codes').addColumn('created_by', 'text').execute();
      await db.schema.createIndex('customers_promo_code').on('customers').column('promo_code').execute();
    },
  };
}
