import type { Kysely } from 'kysely';
import { RENEWING_STATUSES } from '@playz/domain';
import type { Database } from '../../db/schema';

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
        .select(['s.id', 's.billing_type', 's.status', 's.expiration_date', 's.cancelled_at'])
        .where('s.customer_id', '=', customerId)
        .where('o.product_id', '=', productId)
        .where('s.billing_type', '=', billingType)
        .orderBy('s.expiration_date', 'desc')
        .orderBy('s.id', 'desc')
        .execute();
    },

    /**
     * Makes a renewing subscription Cancelled and records when, in one transaction, and answers
     * the status it has afterwards. The status condition sits in the UPDATE itself, so two
     * unsubscribes at the same moment change it once: the second finds it Cancelled already and
     * leaves `cancelled_at` as the first wrote it. The expiration date is never touched.
     */
    async cancelRenewal(subscriptionId: number, now: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('subscriptions')
          .set({ status: 'Cancelled', cancelled_at: now })
          .where('id', '=', subscriptionId)
          .where('status', 'in', [...RENEWING_STATUSES])
          .execute();
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
