import type { Kysely, Transaction } from 'kysely';
import {
  afterRefusedRenewal,
  firstExpiration,
  RENEWING_STATUSES,
  termEnd,
  termPriceCents,
  type OfferTerms,
} from '@playz/domain';
import type { Database, OfferTable } from '../../../db/schema';
import type { Selectable } from 'kysely';
import { writeLedger } from '../ledger/ledger';
import { leftOfPayment, paidPayment, paysCurrentTerm, type PaymentRef } from '../ledger/payments';
import type { ProviderEvent } from '../providers/payment-provider';
import type { BillingRow } from './billings.repository';

export type ApplyOutcome = 'applied' | 'duplicate' | 'rejected' | 'ignored';

/** The payment a support refund gives money back of, and the console's request (decision 109). */
export interface RefundTarget {
  payment: PaymentRef;
  /** The console's key for this one request, kept with the refund: asked again, it answers it. */
  requestKey: string;
}
export interface ApplyResult {
  outcome: ApplyOutcome;
  reason?: string;
  billingId?: string | null;
  subscriptionId?: number | null;
  purchaseId?: number | null;
}

/** A purchase's content as the billing keeps it (the label is read when the billing starts). */
export interface StoredPurchaseContent {
  contentType: 'ContentList' | 'Content' | 'LiveEvent';
  contentTypeID: number;
  label: string;
  hours: number | null;
}

export function offerTerms(offer: Selectable<OfferTable>): OfferTerms {
  return {
    priceCents: offer.price_cents,
    durationUnit: offer.duration_unit === 'Week' ? 'Week' : 'Month',
    durationCount: offer.duration_count,
    freeTrialDays: offer.free_trial_days,
    promoPriceCents: offer.promo_price_cents,
    promoStartDate: offer.promo_start_date,
    promoEndDate: offer.promo_end_date,
    promoDurationDays: offer.promo_duration_days,
  };
}

type Trx = Transaction<Database>;
/** Inside the payment's transaction: the account of an operator payment, and whether it made it. */
export type CustomerMaker = (trx: Kysely<Database>) => Promise<{ id: number; created: boolean }>;

export interface ApplyDeps {
  db: Kysely<Database>;
  now: () => Date;
  /**
   * The customer an operator payment without an account is for, found by number or created: the
   * slow part runs before the transaction, the answer inserts inside it.
   */
  customerForMsisdn: (msisdn: string) => Promise<CustomerMaker>;
}

const result = (outcome: ApplyOutcome, extra: Omit<ApplyResult, 'outcome'> = {}): ApplyResult => ({
  outcome,
  ...extra,
});

/** The customer's card on file (decision 083): one per customer, the latest registration wins. */
async function saveCard(
  trx: Trx,
  customerId: number,
  billing: BillingRow,
  token: string,
  card: NonNullable<ProviderEvent['card']>,
  iso: string,
) {
  const row = {
    billing_type: billing.billing_type,
    token,
    billing_id: billing.id,
    brand: card.brand,
    last4: card.last4,
    expiry_month: card.expiryMonth,
    expiry_year: card.expiryYear,
    saved_at: iso,
  };
  await trx
    .insertInto('saved_cards')
    .values({ customer_id: customerId, ...row })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet(row))
    .execute();
}

/**
 * Applies a provider event exactly once (decision 025): the event key is inserted first, in the
 * same transaction as the change, so a replay — concurrent or a day later — finds the key and
 * changes nothing. Amount, currency and state are checked against what we asked for; a mismatch
 * is recorded as rejected and changes nothing.
 */
export function createEventApplier(deps: ApplyDeps) {
  async function onPaid(trx: Trx, e: ProviderEvent, at: Date, newCustomer: CustomerMaker | null): Promise<ApplyResult> {
    const billing = e.billingId
      ? await trx.selectFrom('billings').selectAll().where('id', '=', e.billingId).executeTakeFirst()
      : undefined;
    if (!billing) return result('rejected', { reason: 'unknown billing' });
    if (billing.billing_type !== e.billingType) return result('rejected', { reason: 'billing type differs' });
    if (billing.amount_cents !== e.amountCents || billing.currency !== e.currency)
      return result('rejected', { reason: `amount ${e.amountCents} ${e.currency} differs`, billingId: billing.id });
    if (billing.state !== 'Pending')
      return result('ignored', { reason: `billing is ${billing.state}`, billingId: billing.id });
    // A saved card is its token (decision 083): a registration that names none saved nothing.
    if (billing.kind === 'CardSave' && (!e.card || !e.subscriptionRef))
      return result('rejected', { reason: 'no card registered', billingId: billing.id });
    const offer = await trx
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', billing.offer_id)
      .executeTakeFirstOrThrow();
    const made = billing.customer_id === null && newCustomer ? await newCustomer(trx) : null;
    const customerId = billing.customer_id ?? made?.id ?? null;
    if (customerId === null) return result('rejected', { reason: 'no customer', billingId: billing.id });
    const iso = at.toISOString();
    const moved = await trx
      .updateTable('billings')
      .set({
        state: 'Succeeded',
        customer_id: customerId,
        provider_ref: billing.provider_ref ?? e.providerRef ?? null,
        updated_at: iso,
        // What the browser that started it may be signed in with, and until when (decision 052).
        paid_at: iso,
        created_customer: made?.created ? 1 : 0,
      })
      .where('id', '=', billing.id)
      .where('state', '=', 'Pending')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0)
      return result('ignored', { reason: 'billing moved', billingId: billing.id });
    // The card it registered, as the processor masked it: the Customer's creditCard (decision 058 addendum).
    if (e.card) {
      const card = { brand: e.card.brand, last4: e.card.last4, expiry_month: e.card.expiryMonth };
      await trx
        .insertInto('billing_cards')
        .values({ billing_id: billing.id, ...card, expiry_year: e.card.expiryYear, created_at: iso })
        .execute();
    }
    // The token it registered becomes the customer's card on file, which renewals charge (decision 083).
    if (e.card && e.subscriptionRef) await saveCard(trx, customerId, billing, e.subscriptionRef, e.card, iso);
    const ledger = {
      customerId,
      billingId: billing.id,
      billingType: billing.billing_type,
      currency: billing.currency,
      at: iso,
    };

    if (billing.kind === 'Purchase') return purchase(trx, billing, offer, customerId, at, ledger);
    if (billing.kind === 'CardSave') {
      await writeLedger(trx, { ...ledger, entry: 'CardSaved', amountCents: 0, detail: `•••• ${e.card?.last4}` });
      return result('applied', { billingId: billing.id });
    }
    if (billing.kind === 'CardUpdate') {
      await writeLedger(trx, { ...ledger, entry: 'CardUpdated', amountCents: 0, detail: e.subscriptionRef });
      return result('applied', { billingId: billing.id });
    }
    const terms = offerTerms(offer);
    const expiration = e.expiresAt
      ? new Date(e.expiresAt)
      : firstExpiration(terms, { amountCents: billing.amount_cents, trialDays: billing.trial_days }, at);
    const inserted = await trx
      .insertInto('subscriptions')
      .values({
        customer_id: customerId,
        offer_id: offer.id,
        billing_type: billing.billing_type,
        status: 'Paid',
        subscriber: 1,
        expiration_date: expiration.toISOString(),
        created_at: iso,
        operator_id: billing.operator_id,
        billing_id: billing.id,
        provider_ref: e.subscriptionRef ?? e.providerRef ?? null,
        price_cents: termPriceCents(terms, at, expiration),
        currency: billing.currency,
        trial_ends_at: billing.trial_days > 0 ? expiration.toISOString() : null,
        failed_attempts: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('billings').set({ subscription_id: inserted.id }).where('id', '=', billing.id).execute();
    await writeLedger(trx, {
      ...ledger,
      subscriptionId: inserted.id,
      entry: billing.trial_days > 0 ? 'TrialStarted' : 'Charged',
      amountCents: billing.amount_cents,
      detail: `${offer.name} until ${expiration.toISOString()}`,
    });
    return result('applied', { billingId: billing.id, subscriptionId: inserted.id });
  }

  async function purchase(
    trx: Trx,
    billing: BillingRow,
    offer: Selectable<OfferTable>,
    customerId: number,
    at: Date,
    ledger: { customerId: number; billingId: string; billingType: string; currency: string; at: string },
  ): Promise<ApplyResult> {
    const content = JSON.parse(billing.purchase_content ?? 'null') as StoredPurchaseContent | null;
    if (!content) return result('rejected', { reason: 'purchase without content', billingId: billing.id });
    const end = content.hours === null ? null : new Date(at.getTime() + content.hours * 3600_000).toISOString();
    const inserted = await trx
      .insertInto('purchases')
      .values({
        customer_id: customerId,
        offer_id: offer.id,
        billing_id: billing.id,
        billing_type: billing.billing_type,
        status: 'Paid',
        units: 1,
        ticket_number: billing.id.slice(0, 12).toUpperCase(),
        content_type: content.contentType,
        content_type_id: content.contentTypeID,
        label: content.label,
        start_date: at.toISOString(),
        end_date: end,
        price_cents: billing.amount_cents,
        currency: billing.currency,
        created_at: at.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('billings').set({ purchase_id: inserted.id }).where('id', '=', billing.id).execute();
    await writeLedger(trx, {
      ...ledger,
      purchaseId: inserted.id,
      entry: 'Purchased',
      amountCents: billing.amount_cents,
      detail: `${content.contentType} ${content.contentTypeID} ${content.label}${end ? ` until ${end}` : ''}`,
    });
    return result('applied', { billingId: billing.id, purchaseId: inserted.id });
  }

  async function onFailed(trx: Trx, e: ProviderEvent, at: Date): Promise<ApplyResult> {
    const billing = e.billingId
      ? await trx.selectFrom('billings').selectAll().where('id', '=', e.billingId).executeTakeFirst()
      : undefined;
    if (!billing || billing.billing_type !== e.billingType) return result('rejected', { reason: 'unknown billing' });
    const state = e.kind === 'abandoned' ? 'Abandoned' : 'Failed';
    const moved = await trx
      .updateTable('billings')
      .set({ state, failure: e.detail ?? e.kind, updated_at: at.toISOString() })
      .where('id', '=', billing.id)
      .where('state', '=', 'Pending')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0)
      return result('ignored', { reason: `billing is ${billing.state}`, billingId: billing.id });
    await writeLedger(trx, {
      ...{ customerId: billing.customer_id, billingId: billing.id, billingType: billing.billing_type },
      ...{ entry: state === 'Failed' ? 'Refused' : 'Abandoned', amountCents: 0, currency: billing.currency },
      ...{ detail: e.detail ?? null, at: at.toISOString() },
    });
    return result('applied', { billingId: billing.id });
  }

  function subscriptionOf(trx: Trx, e: ProviderEvent) {
    return trx
      .selectFrom('subscriptions as s')
      .innerJoin('offers as o', 'o.id', 's.offer_id')
      .selectAll('s')
      .select(['o.name as offer_name'])
      .where('s.billing_type', '=', e.billingType)
      .where('s.provider_ref', '=', e.subscriptionRef ?? '')
      .executeTakeFirst();
  }

  async function onRenewal(trx: Trx, e: ProviderEvent, at: Date): Promise<ApplyResult> {
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

  async function onCancelled(trx: Trx, e: ProviderEvent, at: Date): Promise<ApplyResult> {
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
  async function onResumed(trx: Trx, e: ProviderEvent, at: Date): Promise<ApplyResult> {
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
  async function onPaymentRefunded(trx: Trx, e: ProviderEvent, at: Date, target: RefundTarget): Promise<ApplyResult> {
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

  async function onRefunded(trx: Trx, e: ProviderEvent, at: Date): Promise<ApplyResult> {
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

  async function dispatch(
    trx: Trx,
    e: ProviderEvent,
    at: Date,
    newCustomer: CustomerMaker | null,
    target: RefundTarget | null,
  ): Promise<ApplyResult> {
    switch (e.kind) {
      case 'paid':
      case 'cardUpdated':
        return onPaid(trx, e, at, newCustomer);
      case 'refused':
      case 'abandoned':
        return onFailed(trx, e, at);
      case 'renewed':
      case 'renewalFailed':
        return onRenewal(trx, e, at);
      case 'cancelled':
        return onCancelled(trx, e, at);
      case 'resumed':
        return onResumed(trx, e, at);
      case 'refunded':
        return target ? onPaymentRefunded(trx, e, at, target) : onRefunded(trx, e, at);
    }
  }

  return {
    /** `target`: the payment a support refund is of (decision 109); provider notices name none. */
    async apply(e: ProviderEvent, target: RefundTarget | null = null): Promise<ApplyResult> {
      const at = deps.now();
      // Nothing may read through deps.db inside the transaction (SQLite: one connection).
      const newCustomer = e.kind === 'paid' && e.msisdn ? await deps.customerForMsisdn(e.msisdn) : null;
      return deps.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('billing_events')
          .values({
            billing_type: e.billingType,
            event_key: e.key,
            kind: e.kind,
            outcome: 'applied',
            billing_id: e.billingId,
            subscription_id: null,
            amount_cents: e.amountCents,
            currency: e.currency,
            detail: e.detail ?? null,
            received_at: at.toISOString(),
          })
          .onConflict((oc) => oc.columns(['billing_type', 'event_key']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return result('duplicate');
        const outcome = await dispatch(trx, e, at, newCustomer, target);
        if (outcome.outcome !== 'applied' || outcome.subscriptionId) {
          await trx
            .updateTable('billing_events')
            .set({
              outcome: outcome.outcome,
              subscription_id: outcome.subscriptionId ?? null,
              detail: outcome.reason ?? e.detail ?? null,
            })
            .where('billing_type', '=', e.billingType)
            .where('event_key', '=', e.key)
            .execute();
        }
        return outcome;
      });
    },
  };
}
export type EventApplier = ReturnType<typeof createEventApplier>;
