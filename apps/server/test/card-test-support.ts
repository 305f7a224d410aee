import { expect } from 'vitest';
import type { Db } from '../src/db/connect';
import { createCreditCardClient } from '../src/modules/billing/providers/credit-card/client';
import { creditCardConfig } from '../src/modules/billing/providers/credit-card/config';
import type { TestApp } from './test-app';
import { errorNumber, get, post } from './accounts-test-support';

/**
 * The card processor stand-in as a browser and the processor's REST API see it (decision 026),
 * for the saved card and withdrawal tests (decision 083).
 */
export const TEST_CARDS = {
  challenge: '4970100000000003',
  frictionless: '4970100000000014',
  refused: '4970100000000007',
  renewalsRefused: '4970100000000099',
};
const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
/** Playz Replay, 4.99 a month, no free period; Playz Mensuel with 30 free days. */
export const REPLAY = { product_id: '2', product_price_id: '13' };
export const MONTHLY_TRIAL = { product_id: '1', product_price_id: '11' };

type Form = { RedirectUrl: string; RedirectParams: Record<string, string> };

/** A POST as the browser makes it; answers the status and where it is sent. */
export async function browserPost(url: string, fields: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location, url).toString() : null, text: await res.text() };
}

/**
 * The browser posts the processor's form and types the card; the challenge card goes through
 * 3-D Secure with the right code. Answers the return address (/billing/return/{id}?vads_...).
 */
export async function typeCardOnProcessorPage(form: Form, card: string): Promise<URL> {
  const posted = await browserPost(form.RedirectUrl, form.RedirectParams);
  expect(posted.status, posted.text).toBe(303);
  const typed = await browserPost(posted.location!, { cardNumber: card, expiry: FUTURE_EXPIRY, cvv: '123' });
  expect(typed.status, typed.text).toBe(303);
  if (typed.location!.endsWith('/3ds')) {
    const validated = await browserPost(typed.location!, { code: '123456', action: 'validate' });
    expect(validated.status, validated.text).toBe(303);
    return new URL(validated.location!);
  }
  return new URL(typed.location!);
}

export function cardHelpers(t: TestApp, db: Db) {
  const base = t.config.publicUrl;
  const config = creditCardConfig({}, base, true)!;
  const processor = createCreditCardClient(config);
  return {
    processor,
    save: (cookie: string, fields: Record<string, string> = {}) =>
      t.app.inject(post('/billing/credit-card/save', fields, { cookie })),
    remove: (cookie: string) => t.app.inject(post('/billing/credit-card/remove', {}, { cookie })),
    cancel: (cookie: string, productId = '2') =>
      t.app.inject(post('/billing/cancel', { billing_type: 'CreditCard', product_id: productId }, { cookie })),
    customerOf: async (cookie: string) => (await t.app.inject(get('/customer', { cookie }))).json().Response.Customer,
    /** Saves a card through the processor's page; answers the registration's billing and token. */
    async saveCard(cookie: string, card = TEST_CARDS.challenge) {
      const started = await t.app.inject(post('/billing/credit-card/save', {}, { cookie }));
      expect(errorNumber(started), started.body).toBe(0);
      const { BillingID, RedirectData } = started.json().Response as { BillingID: string; RedirectData: Form };
      const back = await typeCardOnProcessorPage(RedirectData, card);
      return { billingId: BillingID, form: RedirectData, token: back.searchParams.get('vads_identifier')!, back };
    },
    /** Subscribes by card to `offer`; answers the subscription row and its billing. */
    async subscribeByCard(cookie: string, card = TEST_CARDS.frictionless, offer: Record<string, string> = REPLAY) {
      const res = await t.app.inject(get('/billing/credit-card/url', { query: offer, cookie }));
      expect(errorNumber(res), res.body).toBe(0);
      const { BillingID, RedirectData } = res.json().Response as { BillingID: string; RedirectData: Form };
      await typeCardOnProcessorPage(RedirectData, card);
      const subscription = await db.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('billing_id', '=', BillingID)
        .executeTakeFirstOrThrow();
      return { billingId: BillingID, subscription };
    },
    savedCardRow: (customerId: number) =>
      db.db.selectFrom('saved_cards').selectAll().where('customer_id', '=', customerId).executeTakeFirst(),
    subscription: (id: number) =>
      db.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ledgerOf: async (where: { subscriptionId?: number; billingId?: string; customerId?: number }) => {
      let q = db.db.selectFrom('billing_ledger').selectAll();
      if (where.subscriptionId !== undefined) q = q.where('subscription_id', '=', where.subscriptionId);
      if (where.billingId !== undefined) q = q.where('billing_id', '=', where.billingId);
      if (where.customerId !== undefined) q = q.where('customer_id', '=', where.customerId);
      return (await q.orderBy('id').execute()).map((l) => `${l.entry} ${l.amount_cents}`);
    },
    /** The processor's own record of an order: its debits and credits. */
    async orderMoves(orderId: string) {
      const order = await processor.getOrder(orderId);
      return order.transactions.map((tx) => `${tx.operationType} ${tx.amount} ${tx.status}`);
    },
  };
}
