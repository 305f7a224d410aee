import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connect';
import { renewalOrderId } from '../../src/modules/billing/providers/credit-card/provider';
import { errorNumber, openDatabase, post, registerAccount } from '../accounts-test-support';
import { cardHelpers, TEST_CARDS } from '../card-test-support';
import { createTestApp, type TestApp } from '../test-app';

/**
 * The saved card and the withdrawal (spec 3 §1, §7; decision 083) against another customer and
 * the clock. Pass rule: a customer never reads, saves over or is charged on another customer's
 * card; a renewal charges only its own customer's card; a withdrawal past the 14 days refunds
 * nothing (it is the ordinary unsubscribe, access kept until the term's end).
 */
let clock = new Date();
let t: TestApp;
let db: Db;
let card: ReturnType<typeof cardHelpers>;
beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => clock });
  db = openDatabase(t.config);
  card = cardHelpers(t, db);
}, 60_000);
afterAll(async () => {
  await db.close();
  await t.close();
});

const customerIdOf = async (cookie: string) => Number((await card.customerOf(cookie)).storeCustomId);

describe('spec 3 §7 the saved card belongs to its customer (decision 083)', () => {
  it("spec 3 §7 save: another customer's registration or payment is not found (32) and saves nothing for the caller", async () => {
    const alice = await registerAccount(t.app);
    const bob = await registerAccount(t.app);
    const saved = await card.saveCard(alice.cookie, TEST_CARDS.frictionless);
    const paid = await card.subscribeByCard(alice.cookie);

    expect(errorNumber(await card.save(bob.cookie, { billing_id: saved.billingId }))).toBe(32);
    expect(errorNumber(await card.save(bob.cookie, { billing_id: paid.billingId }))).toBe(32);
    // Alice's own payment is no registration either.
    expect(errorNumber(await card.save(alice.cookie, { billing_id: paid.billingId }))).toBe(32);
    expect(
      errorNumber(await t.app.inject(post('/billing/credit-card/confirm', { billing_id: saved.billingId }, bob))),
    ).toBe(32);
    expect((await card.customerOf(bob.cookie)).creditCard).toBeNull();
    expect(await card.savedCardRow(await customerIdOf(bob.cookie))).toBeUndefined();
    // Bob's remove has no card to remove; Alice's stays.
    expect(errorNumber(await card.remove(bob.cookie))).toBe(32);
    expect(await card.savedCardRow(await customerIdOf(alice.cookie))).toBeDefined();
  });

  it("spec 3 §7 renewals: a subscription is never charged on another customer's saved card", async () => {
    clock = new Date();
    const alice = await registerAccount(t.app);
    const bob = await registerAccount(t.app);
    const alicesCard = await card.saveCard(alice.cookie, TEST_CARDS.frictionless);
    const { subscription } = await card.subscribeByCard(bob.cookie, TEST_CARDS.renewalsRefused);

    clock = new Date(new Date(subscription.expiration_date).getTime() - 30 * 60_000);
    await t.app.billingJob.runOnce({ force: true });
    clock = new Date();
    // Bob's own card refused: his renewal waits for a retry; Alice's card was not used.
    expect((await card.subscription(subscription.id)).status).toBe('ToRenew');
    const key = `renewal:${subscription.id}:${subscription.expiration_date}:1`;
    const [charge] = (await card.processor.getOrder(renewalOrderId(key))).transactions;
    expect(charge).toMatchObject({ paymentMethodToken: subscription.provider_ref, status: 'UNPAID' });
    expect(charge!.paymentMethodToken).not.toBe(alicesCard.token);
  });
});

describe('spec 3 §1 the withdrawal ends with its 14 days (decision 083)', () => {
  it('spec 3 §1 POST /billing/cancel after 14 days refunds nothing: Cancelled, access until the term ends', async () => {
    const account = await registerAccount(t.app);
    const { billingId, subscription } = await card.subscribeByCard(account.cookie);
    const fifteenDaysAgo = new Date(Date.now() - 15 * 86_400_000).toISOString();
    await db.db
      .updateTable('subscriptions')
      .set({ created_at: fifteenDaysAgo })
      .where('id', '=', subscription.id)
      .execute();
    expect((await card.customerOf(account.cookie)).subscriptions[0].withdrawalUntil).toBeNull();

    expect((await card.cancel(account.cookie)).json().Response).toEqual({ Result: true, Status: 'Cancelled' });
    const after = await card.subscription(subscription.id);
    expect(after).toMatchObject({ status: 'Cancelled', expiration_date: subscription.expiration_date });
    expect(await card.ledgerOf({ subscriptionId: subscription.id })).toEqual(['Charged 499', 'Cancelled 0']);
    expect(await card.orderMoves(billingId)).toEqual(['DEBIT 499 PAID']);
    // Asking again changes nothing and still refunds nothing.
    expect((await card.cancel(account.cookie)).json().Response).toEqual({ Result: true, Status: 'Cancelled' });
    expect(await card.orderMoves(billingId)).toEqual(['DEBIT 499 PAID']);
    expect((await card.customerOf(account.cookie)).hasValidSubscription).toBe(true);
  });

  it("spec 3 §1 a customer cannot withdraw another customer's subscription", async () => {
    const alice = await registerAccount(t.app);
    const bob = await registerAccount(t.app);
    const { billingId, subscription } = await card.subscribeByCard(alice.cookie);
    expect(errorNumber(await card.cancel(bob.cookie))).toBe(32);
    expect((await card.subscription(subscription.id)).status).toBe('Paid');
    expect(await card.orderMoves(billingId)).toEqual(['DEBIT 499 PAID']);
  });
});
