import { writeLedger } from '../ledger/ledger';
import { leftOfPayment, paidPayment, paysCurrentTerm } from '../ledger/payments';
import type { ProviderEvent } from '../providers/payment-provider';
import { result, type ApplyResult, type RefundTarget, type Trx } from './apply-result';
import { subscriptionOf } from './apply-subscription-events';

// Refunds (spec 3 §4; decisions 025 addendum and 109): a provider's notice of one, and the one
// support asked for a payment, applied inside the event's transaction by apply-provider-event.ts.

/** What a subscription's or a purchase's ledger says was paid and not yet refunded. */
async function refundable(trx: Trx, of: { subscriptionId: number } | { purchaseId: number }): Promise<number> {
  const lines = trx
    .selectFrom('billing_ledger')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('net'));
  const row = await (
    'subscriptionId' in of
      ? lines.where('subscription_id', '=', of.subscriptionId)
      : lines.where('purchase_id', '=', of.purchaseId)
  ).executeTakeFirst();
  return Number(row?.net ?? 0);
}

/**
 * A refund applies only to what its own provider sold, in its currency, and never for more than
 * was paid and not yet refunded: a signed event of one provider naming another's billing, or a
 * larger amount, changes nothing (decision 025 addendum).
 */
function refundMismatch(e: ProviderEvent, sold: { billingType: string; currency: string }, left: number) {
  if (sold.billingType !== e.billingType) return `billing of ${sold.billingType}, not ${e.billingType}`;
  if (sold.currency !== e.currency) return `refund in ${e.currency}, paid in ${sold.currency}`;
  if (!Number.isSafeInteger(e.amountCents) || e.amountCents < 0 || e.amountCents > left)
    return `refund of ${e.amountCents} exceeds the ${left} left to refund`;
  return null;
}

/**
 * A refund support asked for one payment (decision 109): a part or all of what is left of it,
 * checked again here against that payment and its sale. A purchase refunded in full loses its
 * access; a subscription loses it only when the charge of its current term is refunded in full
 * (a refund of an earlier term, or of part of a charge, is money given back, the term stays).
 */
export async function onPaymentRefunded(
  trx: Trx,
  e: ProviderEvent,
  at: Date,
  target: RefundTarget,
): Promise<ApplyResult> {
  const iso = at.toISOString();
  const payment = await paidPayment(trx, target.payment);
  if (!payment) return result('rejected', { reason: 'unknown payment' });
  const ids = { billingId: payment.billingId, subscriptionId: payment.subscriptionId };
  // One sale's refunds run one after the other: its row is written first, which PostgreSQL holds
  // until the commit, so a second refund reads what the first left (SQLite has one writer).
  if (payment.purchaseId !== null)
    await trx
      .updateTable('purchases')
      .set((eb) => ({ units: eb.ref('units') }))
      .where('id', '=', payment.purchaseId)
      .execute();
  else if (payment.subscriptionId !== null)
    await trx
      .updateTable('subscriptions')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', payment.subscriptionId)
      .execute();
  const left = await leftOfPayment(trx, payment);
  const mismatch = refundMismatch(e, payment, left);
  if (mismatch) return result('rejected', { reason: mismatch, ...ids });
  const whole = e.amountCents === left;
  let accessEnds = false;
  if (payment.purchaseId !== null && whole) {
    accessEnds = true;
    await trx
      .updateTable('purchases')
      .set({ status: 'Refunded', units: 0 })
      .where('id', '=', payment.purchaseId)
      .execute();
  }
  if (payment.subscriptionId !== null && whole && (await paysCurrentTerm(trx, payment))) {
    const sub = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', payment.subscriptionId)
      .executeTakeFirstOrThrow();
    accessEnds = true;
    // A refunded term ends now (spec 3 §4: refunded shows the date access ended).
    await trx
      .updateTable('subscriptions')
      .set({
        status: 'Refunded',
        expiration_date: iso,
        cancelled_at: sub.cancelled_at ?? iso,
        next_attempt_at: null,
      })
      .where('id', '=', sub.id)
      .execute();
  }
  await writeLedger(trx, {
    ...{ customerId: payment.customerId, subscriptionId: payment.subscriptionId, purchaseId: payment.purchaseId },
    ...{ billingId: payment.billingId, refundOf: payment.renewalLine, billingType: payment.billingType },
    ...{ entry: 'Refunded', amountCents: -e.amountCents, currency: e.currency, at: iso },
    detail: payment.renewalLine !== null ? 'renewal charge' : null,
  });
  // The console's request, answered from here if it comes again (a lost answer, a retry).
  await trx
    .insertInto('billing_events')
    .values({
      ...{ billing_type: e.billingType, event_key: `support-refund-request:${target.requestKey}` },
      ...{ kind: 'refund-request', outcome: 'applied', billing_id: payment.billingId },
      ...{ subscription_id: payment.subscriptionId, amount_cents: e.amountCents, currency: e.currency },
      ...{ detail: e.key, received_at: iso },
    })
    .onConflict((oc) => oc.columns(['billing_type', 'event_key']).doNothing())
    .execute();
  return result('applied', {
    billingId: payment.billingId,
    purchaseId: payment.purchaseId,
    subscriptionId: accessEnds ? payment.subscriptionId : null,
  });
}

export async function onRefunded(trx: Trx, e: ProviderEvent, at: Date): Promise<ApplyResult> {
  const iso = at.toISOString();
  const billing = e.billingId
    ? await trx.selectFrom('billings').selectAll().where('id', '=', e.billingId).executeTakeFirst()
    : undefined;
  if (billing && billing.billing_type !== e.billingType)
    return result('rejected', { reason: `billing of ${billing.billing_type}`, billingId: billing.id });
  if (billing?.purchase_id) {
    const left = await refundable(trx, { purchaseId: billing.purchase_id });
    const mismatch = refundMismatch(e, { billingType: billing.billing_type, currency: billing.currency }, left);
    if (mismatch) return result('rejected', { reason: mismatch, billingId: billing.id });
    // A part given back (decision 109) leaves the rental open; the whole of it closes it.
    if (e.amountCents === left)
      await trx
        .updateTable('purchases')
        .set({ status: 'Refunded', units: 0 })
        .where('id', '=', billing.purchase_id)
        .execute();
    await writeLedger(trx, {
      ...{ customerId: billing.customer_id, purchaseId: billing.purchase_id, billingId: billing.id },
      ...{
        billingType: billing.billing_type,
        entry: 'Refunded',
        amountCents: -e.amountCents,
        currency: e.currency,
        at: iso,
      },
    });
    return result('applied', { billingId: billing.id, purchaseId: billing.purchase_id });
  }
  const sub = billing?.subscription_id
    ? await trx.selectFrom('subscriptions').selectAll().where('id', '=', billing.subscription_id).executeTakeFirst()
    : await subscriptionOf(trx, e);
  if (!sub) return result('rejected', { reason: 'nothing to refund' });
  // A billing and a subscription named together must be the same sale.
  if (billing && e.subscriptionRef && sub.provider_ref !== e.subscriptionRef)
    return result('rejected', { reason: 'the billing is not of this subscription', billingId: billing.id });
  const sold = { billingType: sub.billing_type, currency: sub.currency ?? billing?.currency ?? 'EUR' };
  const mismatch = refundMismatch(e, sold, await refundable(trx, { subscriptionId: sub.id }));
  if (mismatch) return result('rejected', { reason: mismatch, subscriptionId: sub.id });
  // A refunded term ends now (spec 3 §4: refunded shows the date access ended).
  await trx
    .updateTable('subscriptions')
    .set({ status: 'Refunded', expiration_date: iso, cancelled_at: sub.cancelled_at ?? iso, next_attempt_at: null })
    .where('id', '=', sub.id)
    .execute();
  await writeLedger(trx, {
    ...{ customerId: sub.customer_id, subscriptionId: sub.id, billingId: billing?.id ?? null },
    ...{
      billingType: sub.billing_type,
      entry: 'Refunded',
      amountCents: -e.amountCents,
      currency: e.currency,
      at: iso,
    },
    detail: e.detail ?? null,
  });
  return result('applied', { subscriptionId: sub.id });
}
