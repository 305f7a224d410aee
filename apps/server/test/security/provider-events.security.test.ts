import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postDirectPassNotification } from '../support/direct-pass-notification';
import { errorNumber, get, registerAccount } from '../accounts-test-support';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Provider events match what their provider sold (decision 025 addendum). A carrier (direct-pass)
 * refund, correctly signed by the carrier's gateway, named a card billing and ended that card
 * subscription. Pass rule: a refund changes nothing unless the billing or subscription it names
 * was sold by the same provider, in the refund's currency, for at least the refund's amount still
 * unrefunded; the same refund within those bounds applies (the control).
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  base = t.config.publicUrl;
}, 60_000);
afterAll(async () => t?.close());

async function post303(url: string, fields: Record<string, string>): Promise<URL> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  expect(res.status, await res.text()).toBe(303);
  return new URL(res.headers.get('location')!, url);
}

/** A new account's monthly card subscription, paid frictionless on the processor's stand-in. */
async function cardSubscription(): Promise<string> {
  const account = await registerAccount(t.app);
  const res = await t.app.inject(
    get('/billing/credit-card/url', { query: { product_id: '2', product_price_id: '13' }, cookie: account.cookie }),
  );
  expect(errorNumber(res), res.body).toBe(0);
  const { BillingID, RedirectData } = res.json().Response as {
    BillingID: string;
    RedirectData: { RedirectUrl: string; RedirectParams: Record<string, string> };
  };
  const page = await post303(RedirectData.RedirectUrl, RedirectData.RedirectParams);
  const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
  await post303(page.toString(), { cardNumber: '4970100000000014', expiry, cvv: '123' });
  return BillingID;
}

/** A new account's monthly direct-pass subscription, paid on the operator's stand-in page. */
async function carrierSubscription(msisdn: string): Promise<string> {
  const account = await registerAccount(t.app);
  const res = await t.app.inject(
    get('/billing/direct-pass/url', {
      query: { product_id: '2', product_price_id: '13', operator_id: '2', msisdn },
      cookie: account.cookie,
    }),
  );
  expect(errorNumber(res), res.body).toBe(0);
  const { Url, BillingID } = res.json().Response as { Url: string; BillingID: string };
  await post303(Url, { action: 'confirm' });
  return BillingID;
}

/** A refund notification as the carrier's gateway signs it. */
function carrierRefund(billingId: string, amount: number, currency = 'EUR', refundId = `re_${Math.random()}`) {
  return postDirectPassNotification(base, {
    eventId: `evt_${refundId}`,
    type: 'payment.refunded',
    refundId,
    merchantTransactionId: billingId,
    paymentId: `pay_${refundId}`,
    amount,
    currency,
  });
}

async function saleOf(billingId: string) {
  const db = t.database.db;
  const billing = await db.selectFrom('billings').selectAll().where('id', '=', billingId).executeTakeFirstOrThrow();
  const subscription = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', billing.subscription_id!)
    .executeTakeFirstOrThrow();
  const ledger = await db
    .selectFrom('billing_ledger')
    .select(['entry', 'amount_cents'])
    .where('subscription_id', '=', subscription.id)
    .orderBy('id')
    .execute();
  return { status: subscription.status, expiration: subscription.expiration_date, ledger };
}

describe('decision 025 addendum: a provider refunds only what it sold, never more than was paid', () => {
  it('a carrier refund naming a card billing changes nothing (it ended the card subscription before)', async () => {
    const card = await cardSubscription();
    const before = await saleOf(card);
    expect(before.status).toBe('Paid');
    const paid = before.ledger.reduce((sum, l) => sum + l.amount_cents, 0);
    expect((await carrierRefund(card, paid)).status).toBe(200);
    expect(await saleOf(card)).toEqual(before);
  });

  it('a carrier refund of its own sale beyond what was paid, or in another currency, changes nothing; within it applies', async () => {
    const carrier = await carrierSubscription('0644556677');
    const before = await saleOf(carrier);
    const paid = before.ledger.reduce((sum, l) => sum + l.amount_cents, 0);
    expect(paid).toBeGreaterThan(0);
    expect((await carrierRefund(carrier, paid + 1)).status).toBe(200);
    expect((await carrierRefund(carrier, paid, 'USD')).status).toBe(200);
    expect((await carrierRefund(carrier, -5)).status).toBe(200);
    expect(await saleOf(carrier)).toEqual(before);
    // The control: the same provider, its currency, the amount paid.
    expect((await carrierRefund(carrier, paid)).status).toBe(200);
    const after = await saleOf(carrier);
    expect(after.status).toBe('Refunded');
    expect(after.ledger.at(-1)).toEqual({ entry: 'Refunded', amount_cents: -paid });
    // Nothing is left to refund: a second refund (another id, so not a replay) changes nothing.
    expect((await carrierRefund(carrier, 1)).status).toBe(200);
    expect(await saleOf(carrier)).toEqual(after);
  });
});
