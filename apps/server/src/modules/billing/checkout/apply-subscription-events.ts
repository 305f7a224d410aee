import { afterRefusedRenewal, RENEWING_STATUSES, termEnd, termPriceCents } from '@playz/domain';
import { writeLedger } from '../ledger/ledger';
import type { ProviderEvent } from '../providers/payment-provider';
import { result, type ApplyResult, type Trx } from './apply-result';
import { offerTerms } from './offer-terms';

// A running subscription's events from its provider (spec 3 §4 renewal, cancellation, a store's
// resume), applied inside the event's transaction by apply-provider-event.ts (decision 025).

/** The subscription a store or gateway names by its own reference. */
export function subscriptionOf(trx: Trx, e: ProviderEvent) {
  return trx
    .selectFrom('subscriptions as s')
    .innerJoin('offers as o', 'o.id', 's.offer_id')
    .selectAll('s')
    .select(['o.name as offer_name'])
    .where('s.billing_type', '=', e.billingType)
    .where('s.provider_ref', '=', e.subscriptionRef ?? '')
    .executeTakeFirst();
}

export async function onRenewal(trx: Trx, e: ProviderEvent, at: Date): Promise<ApplyResult> {
  const sub = await subscriptionOf(trx, e);
  if (!sub) return result('rejected', { reason: 'unknown subscription' });
  const offer = await trx.selectFrom('offers').selectAll().where('id', '=', sub.offer_id).executeTakeFirstOrThrow();
  const terms = offerTerms(offer);
  const iso = at.toISOString();
  const ledger = { customerId: sub.customer_id, subscriptionId: sub.id, billingType: sub.billing_type, at: iso };
  const currency = sub.currency ?? offer.currency;
  if (e.kind === 'renewed') {
    const expected = termPriceCents(terms, new Date(sub.created_at), new Date(sub.expiration_date));
    if (e.amountCents !== expected || e.currency !== currency)
      return result('rejected', { reason: `amount ${e.amountCents} ${e.currency} differs`, subscriptionId: sub.id });
    const next = e.expiresAt
      ? new Date(e.expiresAt)
      : termEnd(new Date(sub.expiration_date), terms.durationUnit, terms.durationCount);
    // A renewal the viewer paid is kept whatever the status: a Cancelled one keeps Cancelled.
    const status = (RENEWING_STATUSES as readonly string[]).includes(sub.status) ? 'Renewed' : sub.status;
    await trx
      .updateTable('subscriptions')
      .set({ status, expiration_date: next.toISOString(), failed_attempts: 0, next_attempt_at: null })
      .where('id', '=', sub.id)
      .execute();
    await writeLedger(trx, {
      ...ledger,
      ...{ entry: 'Renewed', amountCents: e.amountCents, currency, detail: `until ${next.toISOString()}` },
      // The renewal's own payment at the provider, which a refund of it names (decision 109).
      providerRef: e.providerRef ?? null,
    });
    return result('applied', { subscriptionId: sub.id });
  }
  if (!(RENEWING_STATUSES as readonly string[]).includes(sub.status))
    return result('ignored', { reason: `subscription is ${sub.status}`, subscriptionId: sub.id });
  const attempts = (sub.failed_attempts ?? 0) + 1;
  const step = afterRefusedRenewal(attempts, at);
  await writeLedger(trx, { ...ledger, entry: 'ChargeFailed', amountCents: 0, currency, detail: e.detail ?? null });
  if (step.kind === 'retry') {
    await trx
      .updateTable('subscriptions')
      .set({ status: 'ToRenew', failed_attempts: attempts, next_attempt_at: step.at.toISOString() })
      .where('id', '=', sub.id)
      .execute();
    await writeLedger(trx, {
      ...ledger,
      entry: 'RetryScheduled',
      amountCents: 0,
      currency,
      detail: step.at.toISOString(),
    });
  } else {
    await trx
      .updateTable('subscriptions')
      .set({ status: 'Cancelled', cancelled_at: iso, failed_attempts: attempts, next_attempt_at: null })
      .where('id', '=', sub.id)
      .execute();
    await writeLedger(trx, { ...ledger, entry: 'Cancelled', amountCents: 0, currency, detail: 'renewal refused' });
  }
  return result('applied', { subscriptionId: sub.id });
}

export async function onCancelled(trx: Trx, e: ProviderEvent, at: Date): Promise<ApplyResult> {
  const sub = await subscriptionOf(trx, e);
  if (!sub) return result('rejected', { reason: 'unknown subscription' });
  const moved = await trx
    .updateTable('subscriptions')
    // A store that ends access now (a replaced Google Play token) says so with expiresAt.
    .set({
      status: 'Cancelled',
      cancelled_at: at.toISOString(),
      next_attempt_at: null,
      ...(e.expiresAt ? { expiration_date: e.expiresAt } : {}),
    })
    .where('id', '=', sub.id)
    .where('status', 'in', [...RENEWING_STATUSES])
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0)
    return result('ignored', { reason: `subscription is ${sub.status}`, subscriptionId: sub.id });
  await writeLedger(trx, {
    ...{ customerId: sub.customer_id, subscriptionId: sub.id, billingType: sub.billing_type },
    ...{ entry: 'Cancelled', amountCents: 0, currency: sub.currency ?? 'EUR', detail: e.detail ?? 'at the provider' },
    at: at.toISOString(),
  });
  return result('applied', { subscriptionId: sub.id });
}

/**
 * A store subscription the viewer cancelled, renewing again before its end (Google RESTARTED,
 * Apple AUTO_RENEW_ENABLED, an Amazon receipt without its cancelDate; decision 093): it runs and
 * renews as before. One that ended (its date passed, refunded, replaced) is not brought back.
 */
export async function onResumed(trx: Trx, e: ProviderEvent, at: Date): Promise<ApplyResult> {
  const sub = await subscriptionOf(trx, e);
  if (!sub) return result('rejected', { reason: 'unknown subscription' });
  const renewedBefore = await trx
    .selectFrom('billing_ledger')
    .select('id')
    .where('subscription_id', '=', sub.id)
    .where('entry', '=', 'Renewed')
    .executeTakeFirst();
  const moved = await trx
    .updateTable('subscriptions')
    .set({ status: renewedBefore ? 'Renewed' : 'Paid', cancelled_at: null })
    .where('id', '=', sub.id)
    .where('status', '=', 'Cancelled')
    .where('expiration_date', '>', at.toISOString())
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0)
    return result('ignored', {
      reason: `subscription is ${sub.status} until ${sub.expiration_date}`,
      subscriptionId: sub.id,
    });
  await writeLedger(trx, {
    ...{ customerId: sub.customer_id, subscriptionId: sub.id, billingType: sub.billing_type },
    ...{ entry: 'Resumed', amountCents: 0, currency: sub.currency ?? 'EUR', detail: e.detail ?? 'at the store' },
    at: at.toISOString(),
  });
  return result('applied', { subscriptionId: sub.id });
}
