import type { Kysely } from 'kysely';

/**
 * Partial refunds, refunds of renewal charges and durable dead letters (decision 109):
 * - `billing_ledger.provider_ref`: the provider's own reference of the payment a `Renewed` line
 *   records (the card transaction, the PayPal sale, the operator's charge), which a refund of that
 *   renewal names at the provider; renewals are ledger lines, not billings of their own;
 * - `billing_ledger.refund_of`: the paid line (`Charged`, `Purchased` or `Renewed`) a `Refunded`
 *   line gives money back of, so each payment knows what is left of it;
 * - `job_dead_letters`: the failed runs of the in-process job queue (the one-node SQLite mode),
 *   kept across restarts as BullMQ keeps its failed sets in Redis.
 */
export function refundsAndDeadLettersMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('billing_ledger').addColumn('provider_ref', 'text').execute();
      await db.schema.alterTable('billing_ledger').addColumn('refund_of', 'integer').execute();
      await db.schema.createIndex('billing_ledger_refund_of').on('billing_ledger').column('refund_of').execute();
      await db.schema
        .createTable('job_dead_letters')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('queue', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        /** The run's data as JSON, for its retry (a task's data; `{}` for a periodic run). */
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('job_dead_letters_queue_failed')
        .on('job_dead_letters')
        .columns(['queue', 'failed_at'])
        .execute();
    },
  };
}
