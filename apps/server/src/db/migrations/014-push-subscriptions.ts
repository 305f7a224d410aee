import type { Kysely } from 'kysely';

/**
 * Web Push (decision 066): a browser's push subscription per customer and device, named by the
 * hash of its endpoint (one row per browser, whoever signed in last on it) and tied to the session
 * that made it, so it goes with that session. `alert_deliveries.mail_retry` lets a mail that could
 * not leave be tried again without pushing twice: the delivery row stays, the mail alone is due.
 */
export function pushSubscriptionsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_customer')
        .on('push_subscriptions')
        .column('customer_id')
        .execute();
      await db.schema
        .alterTable('alert_deliveries')
        .addColumn('mail_retry', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
