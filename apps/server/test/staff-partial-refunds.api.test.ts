import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { get, openDatabase, registerAccount } from './accounts-test-support';
import { subscribedByOperator } from './support/operator-subscriber';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { cardHelpers, REPLAY } from './card-test-support';

// Support refunds part of a payment, or a renewal charge, through the provider registry and each
// stand-in's own protocol (decisions 084 and 109): the operator gateway's payment refunds, the
// card processor's CancelOrRefund; exactly once per request and per instant, never beyond the
// charge; the ledger shows each refund; a whole refund of the current term's charge ends access,
// of an earlier term's keeps it. Over real HTTP to the stand-ins, SQLite and PostgreSQL.

// Ten minutes behind the wall clock: the staff sign-ins move it 31 s each, and the card processor
// checks the payment form's date against its own clock.
let clock = new Date(Date.now() - 10 * 60_000);
let t: TestApp;
let db: Db;
let console_: StaffConsole;
let card: ReturnType<typeof cardHelpers>;

beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => clock });
  db = openDatabase(t.config);
  card = cardHelpers(t, db);
  console_ = await staffConsole(t, () => (clock = new Date(clock.getTime() + 31_000)).getTime(), [
    'support',
    'finance',
  ]);
  staffClock = clock.getTime();
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const roles = () => console_.roles;
const call = (...args: Parameters<StaffConsole['call']>) => console_.call(...args);
const runJob = () => t.app.billingJob.runOnce({ force: true });
/** Back from a jump to a renewal, with fresh staff sessions (each TOTP step once: the clock only goes on). */
let staffClock = 0;
async function backToNow() {
  clock = new Date(staffClock);
  await console_.signInAgain();
  staffClock = clock.getTime();
}
const customerIdOf = async (login: string) =>
  (await db.db.selectFrom('customers').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
const paymentsOf = async (customerId: number) =>
  (await call('GET', `/customers/${customerId}`, roles().support!)).json().Response.money.payments as {
    id: string;
    kind: string;
    amountCents: number;
    refundableCents: number;
    refund: string;
  }[];
const refund = (customerId: number, body: { billingId: string; amountCents?: number; key?: string }, as = 'support') =>
  call('POST', `/customers/${customerId}/refunds`, roles()[as]!, { key: randomUUID(), ...body });
const ledgerOf = async (subscriptionId: number) =>
  (
    await db.db
      .selectFrom('billing_ledger')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('id')
      .execute()
  ).map((l) => `${l.entry} ${l.amount_cents}${l.refund_of ? ' of renewal' : ''}`);
const subscription = (id: number) =>
  db.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const hasAccess = async (cookie: string) =>
  (await t.app.inject(get('/customer', { cookie }))).json().Response.Customer.hasValidSubscription as boolean;

/** A weekly subscription by the operator gateway (free first week), renewed `renewals` times at 1.99. */
async function weeklyByOperator(msisdn: string, renewals: number) {
  const { cookie, login, subscriptionId } = await subscribedByOperator(t.app, db, msisdn);
  for (let i = 0; i < renewals; i += 1) {
    clock = new Date(Date.parse((await subscription(subscriptionId)).expiration_date) - 30 * 60_000);
    expect((await runJob()).renewed).toBe(1);
  }
  await backToNow();
  return { cookie, customerId: await customerIdOf(login), subscriptionId };
}

describe('spec 3 §4 refunds from the console: part of a payment and renewal charges (decision 109)', () => {
  it('spec 3 §4 an operator renewal refunded in parts: once per request, never beyond 1.99, the current term ends only when it is all given back', async () => {
    const { cookie, customerId, subscriptionId } = await weeklyByOperator('0612000411', 2);
    const payments = await paymentsOf(customerId);
    // The free first week moved no money: the two renewals are the payments, newest first.
    expect(payments).toEqual([
      expect.objectContaining({ kind: 'Renewal', amountCents: 199, refundableCents: 199, refund: 'provider' }),
      expect.objectContaining({ kind: 'Renewal', amountCents: 199, refundableCents: 199, refund: 'provider' }),
    ]);
    const [current, earlier] = payments.map((p) => p.id);
    expect(current).toMatch(/^renewal-\d+$/);

    // Part of the current term's charge: money back, access stays.
    const key = randomUUID();
    const part = await refund(customerId, { billingId: current!, amountCents: 50, key });
    expect(part.json().Response).toEqual({ refundedCents: 50, currency: 'EUR', repeated: false });
    // The same request again (an answer lost on the way): it answers, nothing moves.
    const again = await refund(customerId, { billingId: current!, amountCents: 50, key });
    expect(again.json().Response).toEqual({ refundedCents: 0, currency: 'EUR', repeated: true });
    expect(await hasAccess(cookie)).toBe(true);
    expect((await paymentsOf(customerId)).find((p) => p.id === current)).toMatchObject({ refundableCents: 149 });

    // More than what is left: refused with 3 and the amount left, nothing moves.
    const tooMuch = await refund(customerId, { billingId: current!, amountCents: 150 });
    expect(tooMuch.json().Error).toEqual({ Number: 3, Message: expect.stringContaining('149') });

    // Two staff at the same instant, each giving back 1.00 with their own request: one refund.
    // Who reads first decides the other's answer: the same state read, the provider's same key
    // (0 refunded); read after the first one's refund, 1.00 is more than the 0.49 left (3). Never
    // a second refund, never the provider's refusal (1).
    const both = await Promise.all([
      refund(customerId, { billingId: current!, amountCents: 100 }, 'support'),
      refund(customerId, { billingId: current!, amountCents: 100 }, 'finance'),
    ]);
    const outcomes = both
      .map((r) => (r.json().Error.Number === 0 ? `0:${r.json().Response.refundedCents}` : `${r.json().Error.Number}`))
      .sort();
    expect([
      ['0:0', '0:100'],
      ['0:100', '3'],
    ]).toContainEqual(outcomes);
    expect((await paymentsOf(customerId)).find((p) => p.id === current)).toMatchObject({ refundableCents: 49 });
    expect(await hasAccess(cookie)).toBe(true);

    // The earlier term's whole charge: money back, the current term stays.
    expect((await refund(customerId, { billingId: earlier! })).json().Response.refundedCents).toBe(199);
    expect((await subscription(subscriptionId)).status).toBe('Renewed');
    expect(await hasAccess(cookie)).toBe(true);

    // What is left of the current charge: the term it paid ends now.
    expect((await refund(customerId, { billingId: current! })).json().Response.refundedCents).toBe(49);
    expect(await subscription(subscriptionId)).toMatchObject({ status: 'Refunded' });
    expect(await hasAccess(cookie)).toBe(false);
    expect(await ledgerOf(subscriptionId)).toEqual([
      'TrialStarted 0',
      'Renewed 199',
      'Renewed 199',
      'Refunded -50 of renewal',
      'Refunded -100 of renewal',
      'Refunded -199 of renewal',
      'Refunded -49 of renewal',
    ]);
    expect((await paymentsOf(customerId)).map((p) => [p.refundableCents, p.refund])).toEqual([
      [0, 'done'],
      [0, 'done'],
    ]);
    // Nothing is left: a further ask moves nothing, at the gateway or here.
    expect((await refund(customerId, { billingId: current! })).json().Response).toMatchObject({ repeated: true });
    expect(await ledgerOf(subscriptionId)).toHaveLength(7);
    // Each request that moved money is audited once, with what was left before it.
    const audited = await db.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'customer.refund')
      .where('target_id', '=', current!)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => JSON.parse(a.before_json!).refundableCents)).toEqual([199, 149, 49]);
  });

  it('spec 3 §4 a card subscription: part of the first charge, then a renewal, refunded at the processor on the right transaction', async () => {
    const account = await registerAccount(t.app);
    const customerId = await customerIdOf(account.login);
    const { billingId, subscription: sub } = await card.subscribeByCard(account.cookie, undefined, REPLAY);
    clock = new Date(Date.parse(sub.expiration_date) - 30 * 60_000);
    // The demo's own subscriptions may renew in the same run: this one's line is what counts.
    await runJob();
    expect((await subscription(sub.id)).status).toBe('Renewed');
    await backToNow();
    const payments = await paymentsOf(customerId);
    expect(payments.map((p) => p.kind)).toEqual(['Renewal', 'Subscription']);
    const renewal = payments[0]!;
    const price = renewal.amountCents;

    expect((await refund(customerId, { billingId, amountCents: 100 })).json().Response.refundedCents).toBe(100);
    expect((await refund(customerId, { billingId: renewal.id, amountCents: 200 })).json().Response.refundedCents).toBe(
      200,
    );
    // The processor's own record: each credit hangs on the debit it refunds.
    expect(await card.orderMoves(billingId)).toEqual([`DEBIT ${payments[1]!.amountCents} PAID`, 'CREDIT 100 PAID']);
    const line = await db.db
      .selectFrom('billing_ledger')
      .select('provider_ref')
      .where('id', '=', Number(renewal.id.slice('renewal-'.length)))
      .executeTakeFirstOrThrow();
    const renewalOrder = (await card.processor.getTransaction(line.provider_ref!)).orderId;
    expect(await card.orderMoves(renewalOrder)).toEqual([`DEBIT ${price} PAID`, 'CREDIT 200 PAID']);
    // Neither charge was all given back: the current term stays.
    expect((await subscription(sub.id)).status).toBe('Renewed');
    expect(await hasAccess(account.cookie)).toBe(true);
    expect(await ledgerOf(sub.id)).toEqual([
      `Charged ${payments[1]!.amountCents}`,
      `Renewed ${price}`,
      'Refunded -100',
      'Refunded -200 of renewal',
    ]);
  });
});
