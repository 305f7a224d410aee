import type { Kysely } from 'kysely';

/**
 * Alerts sent, one row per customer and subject (a live event's alert is `live-event:<id>`): the
 * row is written before the mail leaves, so two nodes or a retried job send it once (decision 062).
 */
export function alertDeliveriesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('alert_deliveries')
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('alert_key', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('alert_deliveries_pk', ['customer_id', 'alert_key'])
        .execute();
    },
  };
}
