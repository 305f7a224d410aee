import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ApplyResult, EventApplier } from './apply-provider-event';

/** Whose rights an applied event changed: its subscription's, purchase's or billing's customer. */
async function customerOf(db: Kysely<Database>, result: ApplyResult): Promise<number | null> {
  if (result.subscriptionId)
    return (
      (
        await db
          .selectFrom('subscriptions')
          .select('customer_id')
          .where('id', '=', result.subscriptionId)
          .executeTakeFirst()
      )?.customer_id ?? null
    );
  if (result.purchaseId)
    return (
      (await db.selectFrom('purchases').select('customer_id').where('id', '=', result.purchaseId).executeTakeFirst())
        ?.customer_id ?? null
    );
  if (result.billingId)
    return (
      (await db.selectFrom('billings').select('customer_id').where('id', '=', result.billingId).executeTakeFirst())
        ?.customer_id ?? null
    );
  return null;
}

/**
 * The event applier that says so when money changed someone's rights (the `subscription.changed`
 * event, decision 054), after its transaction committed: every path that applies provider events
 * (notifications, returns, the billing job, store receipts) goes through it.
 */
export function announcingChanges(
  applier: EventApplier,
  deps: { db: Kysely<Database>; onChanged(customerId: number): Promise<void> },
): EventApplier {
  return {
    async apply(event) {
      const result = await applier.apply(event);
      if (result.outcome === 'applied') {
        const customerId = await customerOf(deps.db, result);
        if (customerId !== null) await deps.onChanged(customerId);
      }
      return result;
    },
  };
}
