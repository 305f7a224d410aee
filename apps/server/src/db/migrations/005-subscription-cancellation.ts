import type { Kysely } from 'kysely';

/**
 * When a subscription was unsubscribed (spec 3 §4 Unsubscribe, docs/decisions/017): null while
 * it renews. Set once, in the same statement that makes it Cancelled, so a second unsubscribe
 * never moves it. ISO-8601 text like every other timestamp (both engines).
 */
export function subscriptionCancellationMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('subscriptions').addColumn('cancelled_at', 'text').execute();
    },
  };
}
