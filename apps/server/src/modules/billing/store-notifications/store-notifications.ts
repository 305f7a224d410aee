import type { Kysely } from 'kysely';
import { ENDED_STATUSES, type BillingType } from '@playz/domain';
import type { Database } from '../../../db/schema';
import type { ApplyResult } from '../checkout/apply-provider-event';
import type { ProviderEvent } from '../providers/payment-provider';
import type { VerifiedReceipt } from '../providers/store-provider';
import type {
  NoticeOutcome,
  NotifiedPurchase,
  NotifiedSubscription,
  StoreNotice,
  StorePurchaseNotice,
} from './store-notice';

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** The key of a notification's own record among the billing events: the store's notification id. */
const recordKey = (id: string) => `notification:${id}`;

/**
 * Store server notifications (decision 085): each verified notification is matched to the stored
 * purchase and turned into the provider events the web providers' applier applies exactly once
 * (decision 025). A renewal keeps the key of its store term (`term:<order or transaction id>`),
 * the one a receipt's save or the billing job's read gives, so a term told twice counts once;
 * a cancellation or a refund is keyed by the notification id. The notification itself is recorded
 * under `notification:<id>` with what came of it, why included (an unknown purchase, a type not
 * used): a redelivered one answers at once and changes nothing.
 */
export function createStoreNotifications(deps: {
  db: Kysely<Database>;
  apply: (event: ProviderEvent) => Promise<ApplyResult>;
  now: () => Date;
  log: Log;
}) {
  const { db } = deps;

  async function record(
    notice: Pick<StoreNotice, 'billingType' | 'notificationId' | 'type'>,
    detail: string,
    subscriptionId: number | null,
  ) {
    await db
      .insertInto('billing_events')
      .values({
        billing_type: notice.billingType,
        event_key: recordKey(notice.notificationId),
        kind: 'notification',
        outcome: 'applied',
        billing_id: null,
        subscription_id: subscriptionId,
        amount_cents: null,
        currency: null,
        detail: `${notice.type}: ${detail}`.slice(0, 500),
        received_at: deps.now().toISOString(),
      })
      .onConflict((oc) => oc.columns(['billing_type', 'event_key']).doNothing())
      .execute();
  }

  async function seen(billingType: string, notificationId: string): Promise<boolean> {
    const row = await db
      .selectFrom('billing_events')
      .select('id')
      .where('billing_type', '=', billingType)
      .where('event_key', '=', recordKey(notificationId))
      .executeTakeFirst();
    return row !== undefined;
  }

  async function subscriptionOf(billingType: string, ref: string): Promise<NotifiedSubscription | null> {
    const sub = await db
      .selectFrom('subscriptions')
      .select(['id', 'status', 'expiration_date', 'price_cents', 'currency'])
      .where('billing_type', '=', billingType)
      .where('provider_ref', '=', ref)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!sub) return null;
    const net = await db
      .selectFrom('billing_ledger')
      .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('net'))
      .where('subscription_id', '=', sub.id)
      .executeTakeFirst();
    return {
      id: sub.id,
      status: sub.status,
      expirationDate: sub.expiration_date,
      priceCents: sub.price_cents,
      currency: sub.currency ?? 'EUR',
      refundable: Math.max(0, Number(net?.net ?? 0)),
    };
  }

  async function purchaseOf(billingType: string, ref: string): Promise<NotifiedPurchase | null> {
    const row = await db
      .selectFrom('billings as b')
      .innerJoin('purchases as p', 'p.id', 'b.purchase_id')
      .innerJoin('offers as o', 'o.id', 'b.offer_id')
      .select(['b.id as billingId', 'p.id as purchaseId', 'p.status', 'o.sku', 'b.currency'])
      .where('b.billing_type', '=', billingType)
      .where('b.kind', '=', 'Purchase')
      .where('b.provider_ref', '=', ref)
      .where('b.state', '=', 'Succeeded')
      .executeTakeFirst();
    if (!row) return null;
    const net = await db
      .selectFrom('billing_ledger')
      .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('net'))
      .where('purchase_id', '=', row.purchaseId)
      .executeTakeFirst();
    return {
      ...{ billingId: row.billingId, purchaseId: row.purchaseId, status: row.status, sku: row.sku ?? '' },
      ...{ currency: row.currency, refundable: Math.max(0, Number(net?.net ?? 0)) },
    };
  }

  return {
    /**
     * A notification about a one-off purchase (decision 093): matched to the purchase its store
     * transaction paid, its events applied once, the notification recorded under its id. A
     * transaction never granted here is answered "not used" and not recorded: it is no purchase of
     * ours, and the store's redelivery finds the same answer.
     */
    async receivePurchase(notice: StorePurchaseNotice): Promise<{ outcome: NoticeOutcome; detail: string }> {
      const store = notice.billingType;
      if (await seen(store, notice.notificationId)) return { outcome: 'duplicate', detail: 'already received' };
      const purchase = await purchaseOf(store, notice.transactionRef);
      if (!purchase) return { outcome: 'not used', detail: 'no single purchase of this transaction' };
      const events = await notice.events(purchase);
      if (typeof events === 'string') {
        await record(notice, events, null);
        return { outcome: 'not used', detail: events };
      }
      const outcomes: string[] = [];
      for (const event of events) {
        const applied = await deps.apply(event);
        outcomes.push(`${event.kind} ${applied.outcome}${applied.reason ? ` (${applied.reason})` : ''}`);
      }
      const detail = outcomes.join(', ') || 'nothing to change';
      await record(notice, detail, null);
      deps.log.info({ store, notification: notice.notificationId, type: notice.type, detail }, 'store notification');
      return { outcome: 'applied', detail };
    },

    /**
     * Handles one verified notification. A notification about a purchase never saved here (bought
     * on a device that never posted its receipt, another app's) is acknowledged and recorded, not
     * refused: the store would retry it for days, and no retry can make it ours.
     */
    async receive(notice: StoreNotice): Promise<{ outcome: NoticeOutcome; detail: string }> {
      const store = notice.billingType;
      if (await seen(store, notice.notificationId)) return { outcome: 'duplicate', detail: 'already received' };
      const sub = await subscriptionOf(store, notice.subscriptionRef);
      if (!sub) {
        await record(notice, 'unknown purchase', null);
        deps.log.warn(
          { store, notification: notice.notificationId, type: notice.type },
          'store notification about a purchase not saved here: acknowledged, nothing changed',
        );
        return { outcome: 'unknown purchase', detail: 'no subscription of this purchase' };
      }
      const events = await notice.events(sub);
      if (typeof events === 'string') {
        await record(notice, events, sub.id);
        return { outcome: 'not used', detail: events };
      }
      const outcomes: string[] = [];
      for (const event of events) {
        const applied = await deps.apply(event);
        outcomes.push(`${event.kind} ${applied.outcome}${applied.reason ? ` (${applied.reason})` : ''}`);
      }
      const detail = outcomes.join(', ') || 'nothing to change';
      await record(notice, detail, sub.id);
      deps.log.info({ store, notification: notice.notificationId, type: notice.type, detail }, 'store notification');
      return { outcome: 'applied', detail };
    },
  };
}
export type StoreNotifications = ReturnType<typeof createStoreNotifications>;
export type {
  NoticeOutcome,
  NotifiedPurchase,
  NotifiedSubscription,
  StoreNotice,
  StorePurchaseNotice,
} from './store-notice';

/**
 * The events a store's fresh read of a subscription means, as a save's sync applies them: a term
 * later than ours is one `renewed` under its term key (decision 029), a store that no longer renews
 * it is one `cancelled` under the notification's key (with the store's end when it comes sooner).
 */
export function eventsOfRead(
  billingType: BillingType,
  notificationId: string,
  receipt: VerifiedReceipt,
  sub: NotifiedSubscription,
): ProviderEvent[] {
  const base = { billingType, billingId: null, subscriptionRef: receipt.subscriptionRef };
  const currency = receipt.currency ?? sub.currency;
  const amount = receipt.amountCents ?? sub.priceCents;
  const events: ProviderEvent[] = [];
  // Cancelled here, renewing again at the store before its end (decision 093): resumed first, so
  // a term the same read shows paid renews it.
  const resuming =
    sub.status === 'Cancelled' && receipt.active && receipt.renewing && Date.parse(sub.expirationDate) > Date.now();
  if (resuming)
    events.push({
      ...base,
      key: `resumed:${notificationId}`,
      kind: 'resumed',
      amountCents: 0,
      currency,
      detail: 'renewing again at the store',
    });
  if (
    receipt.active &&
    (resuming || !(ENDED_STATUSES as readonly string[]).includes(sub.status)) &&
    amount !== null &&
    receipt.expiresAt &&
    receipt.expiresAt.getTime() > Date.parse(sub.expirationDate)
  )
    events.push({
      ...base,
      key: `term:${receipt.termKey}`,
      kind: 'renewed',
      amountCents: amount,
      currency,
      expiresAt: receipt.expiresAt.toISOString(),
      providerRef: receipt.providerRef ?? null,
    });
  // A store that ends access sooner than the term we hold (Amazon's cancelDate already past)
  // says so with the cancellation's end date.
  const endsSooner = receipt.expiresAt && receipt.expiresAt.getTime() < Date.parse(sub.expirationDate);
  if (!receipt.renewing)
    events.push({
      ...base,
      key: `cancelled:${notificationId}`,
      kind: 'cancelled',
      amountCents: 0,
      currency,
      ...(endsSooner ? { expiresAt: receipt.expiresAt!.toISOString() } : {}),
      detail: 'cancelled at the store',
    });
  return events;
}

/**
 * A refund or revocation the store states: access ends now and the ledger gives back what the
 * current term cost, never more than is left to refund (the applier checks that too).
 */
export function refundEvent(
  billingType: BillingType,
  notificationId: string,
  subscriptionRef: string,
  sub: NotifiedSubscription,
  amountCents: number | null,
  detail: string,
): ProviderEvent | string {
  if (sub.status === 'Refunded') return 'already refunded';
  return {
    billingType,
    billingId: null,
    subscriptionRef,
    key: `refunded:${notificationId}`,
    kind: 'refunded',
    amountCents: Math.min(amountCents ?? sub.priceCents ?? 0, sub.refundable),
    currency: sub.currency,
    detail,
  };
}

/**
 * A refund or revocation of a one-off purchase the store states (decision 093): its access ends
 * now and the ledger gives back what it cost (0 for a revocation that took no money from this
 * customer), never more than is left; an already refunded purchase changes nothing.
 */
export function purchaseRefundEvent(
  billingType: BillingType,
  notificationId: string,
  purchase: NotifiedPurchase,
  amountCents: number | null,
  detail: string,
): ProviderEvent | string {
  if (purchase.status === 'Refunded') return 'already refunded';
  return {
    billingType,
    billingId: purchase.billingId,
    subscriptionRef: null,
    key: `refunded:${notificationId}`,
    kind: 'refunded',
    amountCents: Math.min(amountCents ?? purchase.refundable, purchase.refundable),
    currency: purchase.currency,
    detail,
  };
}
