import type { Kysely } from 'kysely';

/**
 * A TV's payment link may buy one item instead of a subscription (decision 040): the item, as
 * the `purchase_content` JSON of spec 3 §7; null for a subscription link (every link before).
 */
export function purchaseLinksMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('billing_links').addColumn('purchase_content', 'text').execute();
    },
  };
}
