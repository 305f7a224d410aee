import type { Kysely, Selectable } from 'kysely';
import { RENEWING_STATUSES } from '@playz/domain';
import type { BillingTable, Database, OfferTable } from '../../../db/schema';
import { writeLedger } from '../ledger/ledger';

export type BillingRow = Selectable<BillingTable>;
export type OfferRow = Selectable<OfferTable>;
export type BillingState = 'Pending' | 'Succeeded' | 'Failed' | 'Abandoned';

/** Billings (payment attempts) and the offers they pay (decision 025). */
export function createBillingsRepository(db: Kysely<Database>) {
  return {
    findBilling(id: string): Promise<BillingRow | undefined> {
      return db.selectFrom('billings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findOffer(id: number): Promise<OfferRow | undefined> {
      return db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The product's offers, the landing's order first. */
    offersOfProduct(productId: number): Promise<OfferRow[]> {
      return db.selectFrom('offers').selectAll().where('product_id', '=', productId).orderBy('position').execute();
    },

    /** Whether the customer ever had this product (the free first period is given once). */
    async hadProduct(customerId: number, productId: number): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions as s')
        .innerJoin('offers as o', 'o.id', 's.offer_id')
        .select('s.id')
        .where('s.customer_id', '=', customerId)
        .where('o.product_id', '=', productId)
        .where('s.status', 'not in', ['PreOrder', 'Error'])
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The customer's subscriptions to a product that still give access or renew. */
    activeSubscriptions(customerId: number, productId: number, nowIso: string) {
      return db
        .selectFrom('subscriptions as s')
        .innerJoin('offers as o', 'o.id', 's.offer_id')
        .select(['s.id', 's.status', 's.expiration_date', 's.billing_type', 's.provider_ref', 's.billing_id'])
        .where('s.customer_id', '=', customerId)
        .where('o.product_id', '=', productId)
        .where('s.subscriber', '=', 1)
        .where('s.status', 'in', ['Paid', 'Renewed', 'ToRenew', 'Cancelled'])
        .where('s.expiration_date', '>', nowIso)
        .execute();
    },

    /**
     * The customer's subscription to a product that still renews by this billing type, even past
     * its date while a refused renewal waits for its retry (a new card is what it needs then).
     */
    renewingSubscription(customerId: number, productId: number, billingType: string) {
      return db
        .selectFrom('subscriptions as s')
        .innerJoin('offers as o', 'o.id', 's.offer_id')
        .select(['s.id', 's.offer_id', 's.provider_ref'])
        .where('s.customer_id', '=', customerId)
        .where('o.product_id', '=', productId)
        .where('s.billing_type', '=', billingType)
        .where('s.status', 'in', [...RENEWING_STATUSES])
        .where('s.provider_ref', 'is not', null)
        .orderBy('s.id', 'desc')
        .executeTakeFirst();
    },

    /** Marks the sign-in a payment gives (decision 052); false when not due or already given. */
    async claimSignIn(id: string, paidSinceIso: string, nowIso: string): Promise<boolean> {
      const claimed = await db
        .updateTable('billings')
        .set({ signed_in_at: nowIso })
        .where('id', '=', id)
        .where('state', '=', 'Succeeded')
        .where('created_customer', '=', 1)
        .where('signed_in_at', 'is', null)
        .where('paid_at', '>=', paidSinceIso)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    async insertBilling(row: BillingRow): Promise<void> {
      await db.insertInto('billings').values(row).execute();
    },

    async setProviderRef(id: string, providerRef: string, nowIso: string): Promise<void> {
      await db
        .updateTable('billings')
        .set({ provider_ref: providerRef, updated_at: nowIso })
        .where('id', '=', id)
        .execute();
    },

    /** Ends a billing that never reached its provider (or that nobody finished), if still Pending. */
    async abandon(id: string, failure: string, nowIso: string): Promise<void> {
      await db
        .updateTable('billings')
        .set({ state: 'Abandoned', failure, updated_at: nowIso })
        .where('id', '=', id)
        .where('state', '=', 'Pending')
        .execute();
    },

    /** Pending billings created between the two instants (reconciliation, decision 025). */
    pendingBetween(fromIso: string, toIso: string, limit: number): Promise<BillingRow[]> {
      return db
        .selectFrom('billings')
        .selectAll()
        .where('state', '=', 'Pending')
        .where('created_at', '>=', fromIso)
        .where('created_at', '<', toIso)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },

    /** The customer's card on file (decision 083), with its processor token. */
    savedCard(customerId: number) {
      return db.selectFrom('saved_cards').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
    },

    /** A registration of a card on file this customer started since then and nobody finished. */
    pendingCardSave(customerId: number, sinceIso: string): Promise<BillingRow | undefined> {
      return db
        .selectFrom('billings')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('kind', '=', 'CardSave')
        .where('state', '=', 'Pending')
        .where('created_at', '>=', sinceIso)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    /** The offer a card registration is filed under (billings name one; a registration sells nothing). */
    firstSubscriptionOffer(): Promise<OfferRow | undefined> {
      return db
        .selectFrom('offers')
        .selectAll()
        .where('type', '=', 'Subscription')
        .orderBy('product_id')
        .orderBy('position')
        .executeTakeFirst();
    },

    /** Whether one of the customer's subscriptions still renews by this billing type. */
    async hasRenewing(customerId: number, billingType: string): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('billing_type', '=', billingType)
        .where('status', 'in', [...RENEWING_STATUSES])
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Forgets the card on file if it is still this token, with its ledger line (decision 083);
     * false when another request removed or replaced it first.
     */
    async removeSavedCard(customerId: number, token: string, nowIso: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('saved_cards')
          .where('customer_id', '=', customerId)
          .where('token', '=', token)
          .returning(['billing_type', 'last4'])
          .executeTakeFirst();
        if (!removed) return false;
        await writeLedger(trx, {
          ...{ customerId, billingType: removed.billing_type, entry: 'CardRemoved', amountCents: 0 },
          ...{ currency: 'EUR', detail: `•••• ${removed.last4}`, at: nowIso },
        });
        return true;
      });
    },

    customerLogin(customerId: number) {
      return db
        .selectFrom('customers')
        .select(['id', 'login'])
        .where('id', '=', customerId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
  };
}
export type BillingsRepository = ReturnType<typeof createBillingsRepository>;
