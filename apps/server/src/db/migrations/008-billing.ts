import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../connect';

function withSerialId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Billing (decision 025): payment attempts, provider events (unique per provider key, the
 * exactly-once gate), the ledger, single purchases, cross-screen payment links, and the claim
 * rows that keep the billing job to one node per minute. Offers gain promo prices and the
 * validity of what a purchase buys; subscriptions remember their billing, their provider
 * reference and their renewal attempts.
 */
export function billingMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('billings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id'))
        .addColumn('billing_type', 'text', (c) => c.notNull())
        // Subscription | Purchase | CardUpdate
        .addColumn('kind', 'text', (c) => c.notNull())
        // Pending | Succeeded | Failed | Abandoned
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('trial_days', 'integer', (c) => c.notNull())
        .addColumn('purchase_content', 'text')
        .addColumn('operator_id', 'integer')
        .addColumn('msisdn', 'text')
        .addColumn('requested_url', 'text')
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('failure', 'text')
        .addColumn('subscription_id', 'integer')
        .addColumn('purchase_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('billings_state').on('billings').columns(['state', 'created_at']).execute();

      await withSerialId(db.schema.createTable('billing_events'), dialect)
        .addColumn('billing_type', 'text', (c) => c.notNull())
        .addColumn('event_key', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        // applied | rejected | ignored
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('billing_id', 'text')
        .addColumn('subscription_id', 'integer')
        .addColumn('amount_cents', 'integer')
        .addColumn('currency', 'text')
        .addColumn('detail', 'text')
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('billing_events_key', ['billing_type', 'event_key'])
        .execute();

      await withSerialId(db.schema.createTable('billing_ledger'), dialect)
        // No foreign keys: the ledger outlives what it names.
        .addColumn('customer_id', 'integer')
        .addColumn('subscription_id', 'integer')
        .addColumn('purchase_id', 'integer')
        .addColumn('billing_id', 'text')
        .addColumn('billing_type', 'text', (c) => c.notNull())
        .addColumn('entry', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('billing_ledger_customer')
        .on('billing_ledger')
        .columns(['customer_id', 'id'])
        .execute();

      await withSerialId(db.schema.createTable('purchases'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id'))
        .addColumn('billing_id', 'text', (c) => c.notNull().unique())
        .addColumn('billing_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('units', 'integer', (c) => c.notNull())
        .addColumn('ticket_number', 'text', (c) => c.notNull())
        // ContentList | Content | LiveEvent
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('content_type_id', 'integer', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('purchases_customer').on('purchases').column('customer_id').execute();

      await db.schema
        .createTable('billing_links')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
        .addColumn('billing_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('billing_job_runs')
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('billing_job_runs_pk', ['job', 'slot'])
        .execute();

      for (const [column, type] of [
        ['promo_price_cents', 'integer'],
        ['promo_start_date', 'text'],
        ['promo_end_date', 'text'],
        ['promo_duration_days', 'integer'],
        ['promo_text', 'text'],
        ['sku', 'text'],
        // Hours a purchase gives access for (null: no end).
        ['purchase_hours', 'integer'],
      ] as const) {
        await db.schema.alterTable('offers').addColumn(column, type).execute();
      }
      for (const [column, type] of [
        ['billing_id', 'text'],
        ['provider_ref', 'text'],
        ['price_cents', 'integer'],
        ['currency', 'text'],
        ['trial_ends_at', 'text'],
        ['next_attempt_at', 'text'],
        ['failed_attempts', 'integer'],
      ] as const) {
        await db.schema.alterTable('subscriptions').addColumn(column, type).execute();
      }
      // One subscription per billing, whatever the number of notifications (decision 025).
      await db.schema.createIndex('subscriptions_billing').unique().on('subscriptions').column('billing_id').execute();
      await sql`UPDATE subscriptions SET failed_attempts = 0`.execute(db);
    },
  };
}
