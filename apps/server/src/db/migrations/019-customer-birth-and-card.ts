import type { Kysely } from 'kysely';

/**
 * The Customer's dateOfBirth and masked creditCard (spec 1 §3, decision 058 addendum): the date
 * of birth the customer gives in their account (YYYY-MM-DD, null until given), and for a card
 * billing that went through, what the card processor said of the card it registered: its brand,
 * last four digits and expiry. Never more of the number: the processor keeps the card, Playz its
 * token (decision 026).
 */
export function customerBirthAndCardMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('customers').addColumn('date_of_birth', 'text').execute();
      await db.schema
        .createTable('billing_cards')
        .addColumn('billing_id', 'text', (c) => c.primaryKey().references('billings.id').onDelete('cascade'))
        .addColumn('brand', 'text')
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('expiry_month', 'integer')
        .addColumn('expiry_year', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
