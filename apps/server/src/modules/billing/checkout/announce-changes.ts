import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ProviderEventKind } from '../providers/payment-provider';
import type { ApplyResult, EventApplier } from './apply-provider-event';

/**
 * The events that change what a customer may watch: a first payment or a purchase, a cancellation
 * at the provider, a refund. A renewal or a card change keeps the rights as they were, and a
 * refusal or an abandon never gave any.
 */
const CHANGES_RIGHTS: ReadonlySet<ProviderEventKind> = new Set(['paid', 'cancelled', 'refunded']);

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
 * (notifications, returns, the billing job, store receipts) goes through it. Telling is best
 * effort: the payment is saved whatever happens after, so a failure here is logged and the
 * caller gets the applied result (the stream authority's own re-checks still come).
 */
export function announcingChanges(
  applier: EventApplier,
  deps: {
    db: Kysely<Database>;
    onChanged(customerId: number): Promise<void>;
    log: { error(obj: object, msg: string): void };
  },
): EventApplier {
  return {
    async apply(event, target = null) {
      const result = await applier.apply(event, target);
      if (result.outcome === 'applied' && CHANGES_RIGHTS.has(event.kind)) {
        try {
          const customerId = await customerOf(deps.db, result);
          if (customerId !== null) await deps.onChanged(customerId);
        } catch (error) {
          deps.log.error({ err: error, billingId: result.billingId }, 'could not announce a change of rights');
        }
      }
      return result;
    },
  };
}
