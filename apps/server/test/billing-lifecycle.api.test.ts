import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, openDatabase, post, registerAccount } from './accounts-test-support';
import { subscribedByOperator } from './support/operator-subscriber';

// The money lifecycle with a controlled clock (decision 025): trial end, renewal,
// refused renewals retried then cancelled, unsubscribe at the provider, withdrawal refund,
// expiry, and the job's minute claimed once. Payments go through the operator gateway stand-in.
const DAY = 86_400_000;
let clock = new Date('2026-11-24T10:00:00.000Z');
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => clock });
  db = openDatabase(t.config);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

/** A new customer subscribed weekly by direct pass on `msisdn`; answers their cookie and subscription. */
async function subscribedWeekly(msisdn: string) {
  const { cookie, subscriptionId } = await subscribedByOperator(t.app, db, msisdn);
  return { cookie, subscriptionId };
}
const subscription = (id: number) =>
  db.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ledger = async (subscriptionId: number) =>
  (
    await db.db
      .selectFrom('billing_ledger')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('id')
      .execute()
  ).map((l) => `${l.entry} ${l.amount_cents}`);
const hasAccess = async (cookie: string) =>
  (await t.app.inject(get('/customer', { cookie }))).json().Response.Customer.hasValidSubscription as boolean;
const runJob = () => t.app.billingJob.runOnce({ force: true });

describe('renewals (spec 3 §1 free first period then the weekly price; decision 025)', () => {
  it('charges 1.99 at the trial end, then every week, each term once', async () => {
    const { cookie, subscriptionId } = await subscribedWeekly('0612000011');
    expect((await subscription(subscriptionId)).expiration_date).toBe('2026-12-01T10:00:00.000Z');
    advance(6 * DAY); // more than an hour before the end: nothing due
    expect((await runJob()).renewed).toBe(0);
    advance(DAY - 30 * 60_000); // 30 minutes before the trial ends
    expect((await runJob()).renewed).toBe(1);
    expect(await runJob()).toMatchObject({ renewed: 0, errors: 0 }); // the next run finds nothing due
    const renewed = await subscription(subscriptionId);
    expect(renewed).toMatchObject({ status: 'Renewed', expiration_date: '2026-12-08T10:00:00.000Z' });
    expect(await ledger(subscriptionId)).toEqual(['TrialStarted 0', 'Renewed 199']);
    advance(2 * DAY);
    expect(await hasAccess(cookie)).toBe(true);
  });

  it('a refused renewal is retried after 1 and 3 days, then cancelled; access ends at the date', async () => {
    const { cookie, subscriptionId } = await subscribedWeekly('0612000099'); // refuses renewals
    const end = Date.parse((await subscription(subscriptionId)).expiration_date);
    clock = new Date(end - 10 * 60_000);
    expect((await runJob()).refused).toBe(1);
    expect(await subscription(subscriptionId)).toMatchObject({ status: 'ToRenew', failed_attempts: 1 });
    expect(await hasAccess(cookie)).toBe(true);
    clock = new Date(end + 60_000);
    expect(await hasAccess(cookie)).toBe(false);
    expect((await runJob()).refused).toBe(0); // the retry is not due yet
    clock = new Date(end + DAY);
    expect((await runJob()).refused).toBe(1);
    clock = new Date(end + 4 * DAY);
    expect((await runJob()).refused).toBe(1);
    expect((await subscription(subscriptionId)).status).toBe('Cancelled');
    expect(await ledger(subscriptionId)).toEqual([
      'TrialStarted 0',
      'ChargeFailed 0',
      'RetryScheduled 0',
      'ChargeFailed 0',
      'RetryScheduled 0',
      'ChargeFailed 0',
      'Cancelled 0',
      // The term had ended: the same run records it.
      'Expired 0',
    ]);
    await runJob();
    expect(await ledger(subscriptionId)).toHaveLength(8);
  });
});

describe('unsubscribe and cancel (spec 3 §4 Unsubscribe, §7 /billing/unsubscribe, /billing/cancel)', () => {
  it('unsubscribe stops the renewal at the operator and here; access lasts until the date', async () => {
    clock = new Date('2026-11-24T10:00:00.000Z');
    const { cookie, subscriptionId } = await subscribedWeekly('0612000002');
    const res = await t.app.inject(post('/billing/unsubscribe', { billing_type: 'Wap2', product_id: '1' }, { cookie }));
    expect(res.json().Response).toEqual({ Result: true, Status: 'Cancelled' });
    // Twice: already cancelled at the operator and here, still a success, no second line.
    expect(
      (await t.app.inject(post('/billing/unsubscribe', { billing_type: 'Wap2', product_id: '1' }, { cookie }))).json()
        .Response.Status,
    ).toBe('Cancelled');
    advance(7 * DAY - 10 * 60_000);
    expect((await runJob()).renewed).toBe(0);
    expect(await hasAccess(cookie)).toBe(true);
    advance(20 * 60_000);
    expect(await hasAccess(cookie)).toBe(false);
    await runJob();
    expect(await ledger(subscriptionId)).toEqual(['TrialStarted 0', 'Cancelled 0', 'Expired 0']);
  });

  it('cancel within 14 days of a paid start refunds it and ends access now', async () => {
    clock = new Date('2026-11-24T10:00:00.000Z');
    const first = await subscribedWeekly('0612000003');
    // The trial was used: the second subscription of this customer pays 1.99 at once.
    await t.app.inject(
      post('/billing/unsubscribe', { billing_type: 'Wap2', product_id: '1' }, { cookie: first.cookie }),
    );
    advance(8 * DAY);
    const res = await t.app.inject(
      get('/billing/direct-pass/url', {
        query: { product_id: '1', product_price_id: '12', operator_id: '2', msisdn: '0612000003' },
        cookie: first.cookie,
      }),
    );
    const { Url, BillingID } = res.json().Response;
    await fetch(Url, { method: 'POST', body: new URLSearchParams({ action: 'confirm' }), redirect: 'manual' });
    const paid = await db.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('billing_id', '=', BillingID)
      .executeTakeFirstOrThrow();
    expect(await ledger(paid.id)).toEqual(['Charged 199']);
    advance(2 * DAY);
    const cancel = await t.app.inject(
      post('/billing/cancel', { billing_type: 'Wap2', product_id: '1' }, { cookie: first.cookie }),
    );
    expect(cancel.json().Response).toEqual({ Result: true, Status: 'Refunded' });
    expect(await hasAccess(first.cookie)).toBe(false);
    expect(await ledger(paid.id)).toEqual(['Charged 199', 'Refunded -199']);
  });

  it('answers 11 without a session and 32 without a subscription to the product', async () => {
    expect(errorNumber(await t.app.inject(post('/billing/cancel', { billing_type: 'Wap2', product_id: '1' })))).toBe(
      11,
    );
    const account = await registerAccount(t.app);
    expect(
      errorNumber(
        await t.app.inject(
          post('/billing/cancel', { billing_type: 'Wap2', product_id: '1' }, { cookie: account.cookie }),
        ),
      ),
    ).toBe(32);
  });
});

describe('the billing job runs once per minute whatever the number of nodes (decision 025)', () => {
  it('the second run of the same minute does nothing', async () => {
    clock = new Date('2027-03-01T10:00:30.000Z');
    const [a, b] = await Promise.all([t.app.billingJob.runOnce(), t.app.billingJob.runOnce()]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
  });
});

describe('npm run billing -- history <login> (the operator reads the ledger)', () => {
  it('prints every line of an account in euros with the total paid', async () => {
    const { runBillingCommand } = await import('../src/cli/billing');
    clock = new Date('2026-11-24T10:00:00.000Z');
    const account = await registerAccount(t.app);
    const res = await t.app.inject(
      get('/billing/direct-pass/url', {
        query: { product_id: '1', product_price_id: '12', operator_id: '2', msisdn: '0612000044' },
        cookie: account.cookie,
      }),
    );
    await fetch(res.json().Response.Url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'confirm' }),
      redirect: 'manual',
    });
    advance(7 * DAY - 30 * 60_000);
    await runJob();
    const lines: string[] = [];
    expect(await runBillingCommand(['history', account.login], { db: db.db, print: (l) => lines.push(l) })).toBe(0);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^2026-11-24T10:00:00.000Z {2}TrialStarted +0\.00 EUR {2}Wap2/);
    expect(lines[1]).toMatch(/Renewed +1\.99 EUR {2}Wap2 +subscription \d+ {2}until 2026-12-08/);
    expect(lines[2]).toBe('Total paid: 1.99 EUR');
    expect(await runBillingCommand(['history', 'nobody@exemple.fr'], { db: db.db, print: (l) => lines.push(l) })).toBe(
      1,
    );
  });
});
