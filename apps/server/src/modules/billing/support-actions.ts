import type { Kysely } from 'kysely';
import { ApiErrorNumber, apiError, isApiError } from '@playz/domain';
import type { Database } from '../../db/schema';
import type { EventApplier } from './checkout/apply-provider-event';
import type { ProviderRegistry } from './providers/registry';
import { leftOfPayment, paidPayment, paymentRefOf, renewalPaymentId, type PaidPayment } from './ledger/payments';

/**
 * Billing types whose refunds the store or the operator makes itself (decision 084): their
 * provider's `refund` refuses by design (Amazon, Apple, BBox, Google Play, Orange, Samsung), so
 * the console sends support there instead of failing at the provider.
 */
export const REFUNDED_ELSEWHERE: ReadonlySet<string> = new Set([
  'AmazonPay',
  'AppleAppStore',
  'BAchat',
  'GooglePlay',
  'OrangeAppshopTV',
  'SamsungCheckout',
]);

/** Stores state the end of access themselves: a goodwill day here would be overwritten. */
const STORE_OWNS_THE_END = new Set(['AmazonPay', 'AppleAppStore', 'GooglePlay', 'SamsungCheckout']);

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SupportPayment {
  /** The billing's id, or `renewal-<ledger line>` for a renewal charge (decision 109). */
  id: string;
  kind: string;
  billingType: string;
  amountCents: number;
  currency: string;
  paidAt: string | null;
  label: string;
  refundableCents: number;
  refund: 'provider' | 'elsewhere' | 'done';
}

/**
 * What support changes of a customer's money from the console (decision 084): goodwill days and
 * refunds. Each goes through billing's own exactly-once machinery: a goodwill grant is an event
 * keyed by the console's request key in `billing_events`, a refund is the provider's `refunded`
 * event applied by the event applier, under one key per payment whoever asks.
 */
export function createBillingSupportActions(deps: {
  db: Kysely<Database>;
  registry: ProviderRegistry;
  events: EventApplier;
  now: () => Date;
  log: { error(obj: object, msg: string): void };
  /** Told after goodwill changed a customer's rights (the `subscription.changed` event). */
  rightsChanged(customerId: number): Promise<void>;
}) {
  const refundsHere = (payment: PaidPayment) =>
    refundMode({ billing_type: payment.billingType, provider_ref: payment.providerRef }) === 'provider';
  const refundMode = (row: { billing_type: string; provider_ref: string | null }): 'provider' | 'elsewhere' =>
    deps.registry.get(row.billing_type) && row.provider_ref && !REFUNDED_ELSEWHERE.has(row.billing_type)
      ? 'provider'
      : 'elsewhere';

  async function paidBillingsOf(customerId: number) {
    return deps.db
      .selectFrom('billings')
      .leftJoin('purchases', 'purchases.id', 'billings.purchase_id')
      .innerJoin('offers', 'offers.id', 'billings.offer_id')
      .select([
        'billings.id',
        'billings.kind',
        'billings.billing_type',
        'billings.amount_cents',
        'billings.currency',
        'billings.paid_at',
        'billings.updated_at',
        'billings.provider_ref',
        'billings.purchase_id',
        'billings.subscription_id',
        'purchases.label as purchase_label',
        'offers.name as offer_name',
      ])
      .where('billings.customer_id', '=', customerId)
      .where('billings.state', '=', 'Succeeded')
      .where('billings.amount_cents', '>', 0)
      .orderBy('billings.created_at', 'desc')
      .execute();
  }

  return {
    /**
     * The payments that moved money, newest first, with what is left to refund and how: the
     * billings (purchases, first charges) and each paid renewal of a subscription (decision 109).
     */
    async payments(customerId: number): Promise<SupportPayment[]> {
      const rows = await paidBillingsOf(customerId);
      const billings = await Promise.all(
        rows.map(async (row): Promise<SupportPayment> => {
          const payment = await paidPayment(deps.db, { billingId: row.id });
          const left = payment ? await leftOfPayment(deps.db, payment) : 0;
          return {
            id: row.id,
            kind: row.kind,
            billingType: row.billing_type,
            amountCents: row.amount_cents,
            currency: row.currency,
            paidAt: row.paid_at ?? row.updated_at,
            label: row.purchase_label ?? row.offer_name,
            refundableCents: left,
            refund: left === 0 ? ('done' as const) : refundMode(row),
          };
        }),
      );
      const renewalRows = await deps.db
        .selectFrom('billing_ledger as l')
        .innerJoin('subscriptions as s', 's.id', 'l.subscription_id')
        .innerJoin('offers as o', 'o.id', 's.offer_id')
        .select(['l.id', 'l.billing_type', 'l.amount_cents', 'l.currency', 'l.created_at', 'l.provider_ref'])
        .select(['o.name as offer_name'])
        .where('l.customer_id', '=', customerId)
        .where('l.entry', '=', 'Renewed')
        .where('l.amount_cents', '>', 0)
        .execute();
      const renewals = await Promise.all(
        renewalRows.map(async (row): Promise<SupportPayment> => {
          const payment = await paidPayment(deps.db, { renewalLine: row.id });
          const left = payment ? await leftOfPayment(deps.db, payment) : 0;
          return {
            id: renewalPaymentId(row.id),
            kind: 'Renewal',
            billingType: row.billing_type,
            amountCents: row.amount_cents,
            currency: row.currency,
            paidAt: row.created_at,
            label: row.offer_name,
            refundableCents: left,
            refund:
              left === 0
                ? 'done'
                : refundMode({ billing_type: row.billing_type, provider_ref: row.provider_ref ?? null }),
          };
        }),
      );
      return [...billings, ...renewals].sort((x, y) => (y.paidAt ?? '').localeCompare(x.paidAt ?? ''));
    },

    /**
     * Adds `days` to a subscription's end of access, once per `key`: the key is written in
     * `billing_events` in the same transaction as the new date and its zero-amount `Goodwill`
     * ledger line, so a second request with it (a double click, a retry) changes nothing.
     * `record` writes the audit entry inside that transaction too.
     */
    async grantGoodwill(
      input: { customerId: number; subscriptionId: number; days: number; key: string },
      record: (trx: Kysely<Database>, change: { before: string; after: string }) => Promise<void>,
    ): Promise<{ expirationDate: string; repeated: boolean }> {
      const at = deps.now();
      const answer = await deps.db.transaction().execute(async (trx) => {
        const sub = await trx
          .selectFrom('subscriptions')
          .selectAll()
          .where('id', '=', input.subscriptionId)
          .where('customer_id', '=', input.customerId)
          .executeTakeFirst();
        if (!sub) throw apiError(ApiErrorNumber.NotFound);
        const inserted = await trx
          .insertInto('billing_events')
          .values({
            billing_type: sub.billing_type,
            event_key: `goodwill:${input.key}`,
            kind: 'goodwill',
            outcome: 'applied',
            billing_id: null,
            subscription_id: sub.id,
            amount_cents: 0,
            currency: sub.currency ?? 'EUR',
            detail: `${input.days} days`,
            received_at: at.toISOString(),
          })
          .onConflict((oc) => oc.columns(['billing_type', 'event_key']).doNothing())
          .executeTakeFirst();
        const endOf = async () =>
          (
            await trx
              .selectFrom('subscriptions')
              .select('expiration_date')
              .where('id', '=', sub.id)
              .executeTakeFirstOrThrow()
          ).expiration_date;
        // The request was made already (on PostgreSQL the insert waited for its transaction):
        // its date is read now, not the one read before that grant committed.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
          return { expirationDate: await endOf(), repeated: true };
        if (sub.status === 'Refunded' || STORE_OWNS_THE_END.has(sub.billing_type))
          throw apiError(ApiErrorNumber.Forbidden, 'this subscription’s end of access is not ours to move');
        // Two grants at once (two keys) must both count: the date is written only over the one it
        // was computed from, and read again when another grant moved it meanwhile.
        let before = sub.expiration_date;
        let expirationDate = '';
        for (let attempt = 0; ; attempt += 1) {
          // From the later of its end and now: days given to an ended term start today.
          const from = Math.max(Date.parse(before), at.getTime());
          expirationDate = new Date(from + input.days * DAY_MS).toISOString();
          const moved = await trx
            .updateTable('subscriptions')
            .set({ expiration_date: expirationDate })
            .where('id', '=', sub.id)
            .where('expiration_date', '=', before)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) === 1) break;
          if (attempt >= 4) throw apiError(ApiErrorNumber.Error, 'the subscription kept changing; try again');
          before = await endOf();
        }
        // A `Goodwill` line of zero: access changed, no money moved (decision 084).
        await trx
          .insertInto('billing_ledger')
          .values({
            ...{ customer_id: input.customerId, subscription_id: sub.id, purchase_id: null, billing_id: null },
            ...{ billing_type: sub.billing_type, entry: 'Goodwill', amount_cents: 0, currency: sub.currency ?? 'EUR' },
            detail: `${input.days} goodwill days`,
            created_at: at.toISOString(),
          })
          .execute();
        await record(trx, { before, after: expirationDate });
        return { expirationDate, repeated: false };
      });
      if (!answer.repeated) await deps.rightsChanged(input.customerId);
      return answer;
    },

    /**
     * Refunds a payment, or part of it, through its provider (decisions 084 and 109). The console's
     * `key` names the request: asked again (a lost answer), it answers what that request refunded.
     * The provider is asked under the payment's next refund number (`support-refund:<payment>:<n>`),
     * whoever asks: two staff at the same instant reach the provider with the same idempotency
     * key, so one refund is made and its event applied once by the exactly-once applier, which
     * checks the amount again against what is left, under the sale's row lock.
     */
    async refund(input: { customerId: number; billingId: string; amountCents?: number; key: string }): Promise<{
      outcome: 'applied' | 'duplicate' | 'rejected' | 'ignored';
      refundedCents: number;
      currency: string;
      before: { refundableCents: number };
    }> {
      const payment = await paidPayment(deps.db, paymentRefOf(input.billingId));
      if (!payment || payment.customerId !== input.customerId) throw apiError(ApiErrorNumber.NotFound);
      const asked = await deps.db
        .selectFrom('billing_events')
        .select('amount_cents')
        .where('billing_type', '=', payment.billingType)
        .where('event_key', '=', `support-refund-request:${input.key}`)
        .executeTakeFirst();
      const left = await leftOfPayment(deps.db, payment);
      if (asked)
        return {
          outcome: 'duplicate',
          refundedCents: 0,
          currency: payment.currency,
          before: { refundableCents: left },
        };
      if (left === 0)
        return { outcome: 'duplicate', refundedCents: 0, currency: payment.currency, before: { refundableCents: 0 } };
      const amount = input.amountCents ?? left;
      if (amount > left)
        throw apiError(ApiErrorNumber.BadParameter, `at most ${left} cents are left to refund of this payment`);
      const provider = deps.registry.get(payment.billingType);
      if (!provider || !payment.providerRef || !refundsHere(payment))
        throw apiError(
          ApiErrorNumber.Forbidden,
          `${payment.billingType} payments are refunded by the store or operator`,
        );
      let event;
      try {
        event = await provider.refund({
          providerRef: payment.providerRef,
          amountCents: amount,
          currency: payment.currency,
          // Keyed by what was left when this request read it, in the same read as the amount
          // check: two staff who read the same state reach the provider with the same key (one
          // refund), and one who reads after another's refund asks against the new amount (an
          // amount over it is refused above with 3, never sent). A count of the refunds made, read
          // apart, could pair a stale amount with a new key (decision 109).
          key: `support-refund:${input.billingId}:left-${left}`,
          renewal: payment.renewalLine !== null,
        });
      } catch (error) {
        // A provider that refuses or cannot be reached changes nothing here: the console says so
        // (1) and support may ask again, under the same key, without refunding twice.
        if (isApiError(error)) throw error;
        deps.log.error({ err: error, payment: input.billingId }, 'support refund failed at the provider');
        throw apiError(ApiErrorNumber.Error, 'the payment provider did not confirm the refund');
      }
      const applied = await deps.events.apply(
        { ...event, billingId: payment.billingId },
        { payment: payment.ref, requestKey: input.key },
      );
      return {
        outcome: applied.outcome,
        refundedCents: applied.outcome === 'applied' ? event.amountCents : 0,
        currency: payment.currency,
        before: { refundableCents: left },
      };
    },

    /** The money part of a customer's data (GDPR articles 15 and 20). */
    async exportOf(customerId: number) {
      const [subscriptions, purchases, billings, cards, ledger] = await Promise.all([
        deps.db.selectFrom('subscriptions').selectAll().where('customer_id', '=', customerId).orderBy('id').execute(),
        deps.db.selectFrom('purchases').selectAll().where('customer_id', '=', customerId).orderBy('id').execute(),
        deps.db
          .selectFrom('billings')
          .select(['id', 'kind', 'billing_type', 'state', 'amount_cents', 'currency', 'platform', 'msisdn'])
          .select(['created_at', 'paid_at', 'purchase_id', 'subscription_id'])
          .where('customer_id', '=', customerId)
          .orderBy('created_at')
          .execute(),
        deps.db
          .selectFrom('billing_cards')
          .innerJoin('billings', 'billings.id', 'billing_cards.billing_id')
          .select([
            'billing_cards.brand',
            'billing_cards.last4',
            'billing_cards.expiry_month',
            'billing_cards.expiry_year',
          ])
          .where('billings.customer_id', '=', customerId)
          .execute(),
        deps.db.selectFrom('billing_ledger').selectAll().where('customer_id', '=', customerId).orderBy('id').execute(),
      ]);
      return { subscriptions, purchases, payments: billings, cards, ledger };
    },
  };
}

export type BillingSupportActions = ReturnType<typeof createBillingSupportActions>;
