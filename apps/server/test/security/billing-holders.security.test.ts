import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorNumber } from '@playz/domain';
import type { Db } from '../../src/db/connect';
import { SIGN_IN_WINDOW_MS } from '../../src/modules/billing/checkout/checkout.service';
import { errorNumber, get, openDatabase, post } from '../accounts-test-support';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Billings bound to the browser that started them (decision 052). A billing id travels in
 * `/billing/return/<id>` URLs, processor forms and logs; the `playz_billing` cookie used to hold
 * bare ids, chosen by the client, so anyone who set it to a customer's billing id and posted
 * confirm got a session of that customer. Pass rule: only the browser holding the billing's own
 * secret reads it back; a payment signs in only the account it made itself, once, within
 * SIGN_IN_WINDOW_MS of the payment; everyone else gets "billing not found" and no session.
 */
let t: TestApp;
let db: Db;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => new Date(clock) });
  db = openDatabase(t.config);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const WEEKLY = { product_id: '1', product_price_id: '12', operator_id: '2' };
let line = 345_600;
/**
 * A French mobile number no other test of this file used, and none the operator's stand-in refuses
 * (a line ending in 0001 is refused at payment, one ending in 99 at renewal): a number made of the
 * clock's last digits once ended in 0001, and its payment failed.
 */
const freshMsisdn = (): string => {
  const msisdn = `0612${line++}`;
  return /0001$|99$/.test(msisdn) ? freshMsisdn() : msisdn;
};

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value ?? null;

/** A visitor pays a direct-pass subscription for a line; answers the billing id and the browser's cookie. */
async function visitorPays(msisdn: string) {
  const res = await t.app.inject(get('/billing/direct-pass/url', { query: { ...WEEKLY, msisdn } }));
  expect(errorNumber(res), res.body).toBe(0);
  const { Url, BillingID } = res.json().Response as { Url: string; BillingID: string };
  const held = cookieOf(res, 'playz_billing');
  expect(held).toMatch(new RegExp(`^${BillingID}~[A-Za-z0-9_-]{43}$`));
  const paid = await fetch(Url, {
    method: 'POST',
    body: new URLSearchParams({ action: 'confirm' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  // The operator's signed notification settles the billing (at the app's clock): waited for, so
  // the payment's time is the one each case expects.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const row = await db.db.selectFrom('billings').select('state').where('id', '=', BillingID).executeTakeFirst();
    if (row?.state !== 'Pending') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { billingId: BillingID, cookie: `playz_billing=${held}` };
}

const confirm = (billingId: string, cookie: string) =>
  t.app.inject(post('/billing/direct-pass/confirm', { billing_id: billingId }, { cookie }));
const signedIn = (res: Awaited<ReturnType<typeof confirm>>) => cookieOf(res, 'playz_sid') !== null;

/**
 * Confirm as the return page does (spec 3 §4 step 3): again while the billing is Pending (the
 * operator's notification may still be on its way), until the first answer that is not.
 */
async function settledConfirm(billingId: string, cookie: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await confirm(billingId, cookie);
    if (res.json().Response?.Billing?.state !== 'Pending' || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('decision 052: a billing id alone opens nothing', () => {
  it('a forged cookie naming another browser’s billing gets "billing not found" and no session, whatever its form', async () => {
    const { billingId } = await visitorPays(freshMsisdn());
    const forgeries = [
      `playz_billing=${billingId}`,
      `playz_billing=${billingId}~${'A'.repeat(43)}`,
      `playz_billing=${billingId}~`,
      `playz_billing=${billingId}.${billingId}~${'x'.repeat(43)}`,
    ];
    for (const cookie of forgeries) {
      const res = await confirm(billingId, cookie);
      expect(errorNumber(res), cookie).toBe(ApiErrorNumber.BillingNotFound);
      expect(signedIn(res), cookie).toBe(false);
      const data = await t.app.inject(get('/billing/direct-pass/data', { query: { billing_id: billingId }, cookie }));
      expect(errorNumber(data), cookie).toBe(ApiErrorNumber.BillingNotFound);
    }
  });

  it('a customer’s card billing cannot be read or turned into a session by a visitor who knows its id', async () => {
    const row = await db.db
      .selectFrom('billings')
      .select('id')
      .where('customer_id', 'is not', null)
      .where('state', '=', 'Succeeded')
      .executeTakeFirstOrThrow();
    const res = await confirm(row.id, `playz_billing=${row.id}`);
    expect(errorNumber(res)).toBe(ApiErrorNumber.BillingNotFound);
    expect(signedIn(res)).toBe(false);
  });
});

describe('decision 052: the one sign-in a payment gives', () => {
  it('signs in the browser that paid, with the account the payment made, once', async () => {
    const { billingId, cookie } = await visitorPays(freshMsisdn());
    const first = await settledConfirm(billingId, cookie);
    expect(errorNumber(first)).toBe(0);
    expect(first.json().Response.Billing.productLogin).toMatch(/@playz\.fr$/);
    expect(signedIn(first)).toBe(true);
    // The same browser again (a reload, a replay of the request): it reads, it is not signed in twice.
    const again = await confirm(billingId, cookie);
    expect(errorNumber(again)).toBe(0);
    expect(again.json().Response.Billing).toMatchObject({ state: 'Succeeded', productLogin: null });
    expect(signedIn(again)).toBe(false);
  });

  it(`signs nobody in past ${SIGN_IN_WINDOW_MS / 60_000} minutes after the payment`, async () => {
    const { billingId, cookie } = await visitorPays(freshMsisdn());
    clock += SIGN_IN_WINDOW_MS + 60_000;
    try {
      const late = await settledConfirm(billingId, cookie);
      expect(errorNumber(late)).toBe(0);
      expect(late.json().Response.Billing).toMatchObject({ state: 'Succeeded', productLogin: null });
      expect(signedIn(late)).toBe(false);
    } finally {
      clock -= SIGN_IN_WINDOW_MS + 60_000;
    }
  });

  it('signs nobody in when the line’s account existed before this payment', async () => {
    const msisdn = freshMsisdn();
    const first = await visitorPays(msisdn);
    expect(signedIn(await settledConfirm(first.billingId, first.cookie))).toBe(true);
    // The subscription ends; a visitor pays again for the same line.
    await db.db
      .updateTable('subscriptions')
      .set({ status: 'Cancelled', expiration_date: new Date(clock - 1000).toISOString() })
      .where('billing_id', '=', first.billingId)
      .execute();
    const second = await visitorPays(msisdn);
    const res = await settledConfirm(second.billingId, second.cookie);
    expect(errorNumber(res)).toBe(0);
    expect(res.json().Response.Billing).toMatchObject({ state: 'Succeeded', productLogin: null });
    expect(signedIn(res)).toBe(false);
  });
});
