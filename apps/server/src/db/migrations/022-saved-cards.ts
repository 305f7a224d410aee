import { sql, type Kysely } from 'kysely';

/**
 * The customer's saved card (decision 083): the card processor's token of the card on file, which
 * renewals of card subscriptions charge, with what the processor said of the card (brand, last
 * four digits, expiry) for the account page. One per customer; never the card's number.
 */
export function savedCardsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('saved_cards')
        .addColumn('customer_id', 'integer', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
        .addColumn('billing_type', 'text', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        // The billing whose registration saved it (a card payment, a card change or a save).
        .addColumn('billing_id', 'text', (c) => c.notNull())
        .addColumn('brand', 'text')
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('expiry_month', 'integer')
        .addColumn('expiry_year', 'integer')
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .execute();
      // A card registered before this table (a card payment or change that went through) is the
      // customer's card on file: the latest one, with the token its subscription renews on.
      await sql`INSERT INTO saved_cards
          (customer_id, billing_type, token, billing_id, brand, last4, expiry_month, expiry_year, saved_at)
        SELECT b.customer_id, b.billing_type, s.provider_ref, c.billing_id, c.brand, c.last4,
          c.expiry_month, c.expiry_year, c.created_at
        FROM billing_cards c
        JOIN billings b ON b.id = c.billing_id
        JOIN subscriptions s ON s.id = b.subscription_id
        WHERE b.state = 'Succeeded' AND b.customer_id IS NOT NULL AND s.provider_ref IS NOT NULL
          AND c.created_at = (SELECT MAX(c2.created_at) FROM billing_cards c2
            JOIN billings b2 ON b2.id = c2.billing_id
            WHERE b2.customer_id = b.customer_id AND b2.state = 'Succeeded')
        ON CONFLICT (customer_id) DO NOTHING`.execute(db);
    },
  };
}
