import type { Kysely, Selectable } from 'kysely';
import { firstExpiration, termPriceCents } from '@playz/domain';
import type { Database, OfferTable } from '../../../db/schema';
import { writeLedger } from '../ledger/ledger';
import type { ProviderEvent } from '../providers/payment-provider';
import { result, type ApplyResult, type RefundTarget, type Trx } from './apply-result';
import { onRefunded, onPaymentRefunded } from './apply-refund-events';
import { onCancelled, onRenewal, onResumed } from './apply-subscription-events';
import { offerTerms } from './offer-terms';
import type { BillingRow } from './billings.repository';

export type { ApplyOutcome, ApplyResult, RefundTarget } from './apply-result';

/** A purchase's content as the billing keeps it (the label is read when the billing starts). */
export interface StoredPurchaseContent {
  contentType: 'ContentList' | 'Content' | 'LiveEvent';
  contentTypeID: number;
  label: string;
  hours: number | null;
}

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
