import type { Kysely } from 'kysely';
import { RENEWING_STATUSES } from '@playz/domain';
import type { Database } from '../../db/schema';
import { writeLedger } from './ledger/ledger';

/** Subscriptions as billing reads and changes them (spec 3 §3 Subscription). */
export function createBillingRepository(db: Kysely<Database>) {
  return {
    /** A product exists when at least one offer sells it (spec 3 §3 In-app purchase). */
    async isProductSold(productId: number): Promise<boolean> {
      const row = await db.selectFrom('offers').select('id').where('product_id', '=', productId).executeTakeFirst();
      return row !== undefined;
    },

    /** The customer's subscriptions to one product on one billing type, the latest term first. */
    listSubscriptions(customerId: number, productId: number, billingType: string) {
      return db
        .selectFrom('subscriptions as s')
        .innerJoin('offers as o', 'o.id', 's.offer_id')
        .select([
          's.id',
          's.billing_type',
          's.status',
          's.expiration_date',
          's.cancelled_at',
          's.created_at',
          's.provider_ref',
          's.billing_id',
          's.currency',
        ])
        .where('s.customer_id', '=', customerId)
        .where('o.product_id', '=', productId)
        .where('s.billing_type', '=', billingType)
        .orderBy('s.expiration_date', 'desc')
        .orderBy('s.id', 'desc')
        .execute();
    },

    /**
     * A token cancelled at the processor is no card on file any more (decision 083): forgets the
     * customer's saved card if it is that token, with its ledger line.
     */
    async forgetCancelledToken(customerId: number, token: string, nowIso: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('saved_cards')
          .where('customer_id', '=', customerId)
          .where('token', '=', token)
          .returning(['billing_type', 'last4'])
          .executeTakeFirst();
        if (removed)
          await writeLedger(trx, {
            ...{ customerId, billingType: removed.billing_type, entry: 'CardRemoved', amountCents: 0 },
            ...{ currency: 'EUR', detail: `•••• ${removed.last4} cancelled with its subscription`, at: nowIso },
          });
      });
    },

    /** The billing that started a subscription (its first payment, for a withdrawal refund). */
    findBilling(id: string) {
      return db.selectFrom('billings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Makes a renewing subscription Cancelled and records when, in one transaction, and answers
     * the status it has afterwards. The status condition sits in the UPDATE itself, so two
     * unsubscribes at the same moment change it once: the second finds it Cancelled already and
     * leaves `cancelled_at` as the first wrote it. The expiration date is never touched. The
     * ledger gets its line in the same transaction (decision 025).
     */
    async cancelRenewal(subscriptionId: number, now: string, detail: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('subscriptions')
          .set({ status: 'Cancelled', cancelled_at: now, next_attempt_at: null })
          .where('id', '=', subscriptionId)
          .where('status', 'in', [...RENEWING_STATUSES])
          .returning(['customer_id', 'billing_type', 'currency'])
          .executeTakeFirst();
        if (changed)
          await writeLedger(trx, {
            ...{ customerId: changed.customer_id, subscriptionId, billingType: changed.billing_type },
            ...{ entry: 'Cancelled', amountCents: 0, currency: changed.currency ?? 'EUR', detail, at: now },
          });
        const row = await trx
          .selectFrom('subscriptions')
          .select('status')
          .where('id', '=', subscriptionId)
          .executeTakeFirstOrThrow();
        return row.status;
      });
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
