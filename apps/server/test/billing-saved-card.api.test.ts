import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { sql } from 'kysely';
import { migrateToLatest } from '../src/db/migrate';
import { createTestApp, databaseOfTestApp, type TestApp } from './test-app';
import { errorNumber, get, openDatabase, registerAccount } from './accounts-test-support';
import { cardHelpers, MONTHLY_TRIAL, TEST_CARDS, typeCardOnProcessorPage } from './card-test-support';

// The saved card and the withdrawal (spec 3 §1 withdrawal right of 14 days, §7
// /billing/credit-card/save and /billing/cancel; decisions 025, 026 and 083), against the card
// processor stand-in over real HTTP, with a clock the renewal job reads.
const DAY = 86_400_000;
let clock = new Date();
let t: TestApp;
let db: Db;
let card: ReturnType<typeof cardHelpers>;
beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => clock });
  db = openDatabase(t.config);
  card = cardHelpers(t, db);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const customerIdOf = async (cookie: string) => Number((await card.customerOf(cookie)).storeCustomId);

describe('spec 3 §7 POST /billing/credit-card/save: the processor registers the card (decision 083)', () => {
  it('spec 3 §7 save: 3-D Secure on the registration, then the token, brand, last 4 and expiry are kept, never the number', async () => {
    const account = await registerAccount(t.app);
    const started = await card.save(account.cookie);
    expect(errorNumber(started), started.body).toBe(0);
    const first = started.json().Response;
    expect(first).toMatchObject({ Result: false, Billing: null, CreditCard: null });
    // A registration, nothing paid: the processor checks the card under 3-D Secure.
    expect(first.RedirectData.RedirectParams).toMatchObject({
      vads_page_action: 'REGISTER',
      vads_amount: '0',
      vads_order_id: first.BillingID,
    });
    // A double submit offers the same registration, not a second one.
    const again = (await card.save(account.cookie)).json().Response;
    expect(again.BillingID).toBe(first.BillingID);

    const posted = await fetch(first.RedirectData.RedirectUrl, {
      method: 'POST',
      body: new URLSearchParams(first.RedirectData.RedirectParams),
      redirect: 'manual',
    });
    const page = new URL(posted.headers.get('location')!, first.RedirectData.RedirectUrl).toString();
    expect(await (await fetch(page)).text()).toContain('aucun débit');
    const typed = await fetch(page, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: TEST_CARDS.challenge, expiry: '12/39', cvv: '123' }),
      redirect: 'manual',
    });
    expect(new URL(typed.headers.get('location')!, page).toString()).toBe(`${page}/3ds`);
    const saved = await card.save(account.cookie, { billing_id: first.BillingID });
    // The challenge is not passed yet: nothing is saved.
    expect(saved.json().Response).toMatchObject({ Result: false, CreditCard: null, Billing: { state: 'Pending' } });
    const validated = await fetch(`${page}/3ds`, {
      method: 'POST',
      body: new URLSearchParams({ code: '123456', action: 'validate' }),
      redirect: 'manual',
    });
    const back = new URL(validated.headers.get('location')!);
    expect(back.searchParams.get('vads_threeds_auth_type')).toBe('CHALLENGE');
    const token = back.searchParams.get('vads_identifier')!;

    const answer = (await card.save(account.cookie, { billing_id: first.BillingID })).json().Response;
    expect(answer).toMatchObject({
      Result: true,
      BillingID: first.BillingID,
      RedirectData: null,
      Billing: { state: 'Succeeded', type: 'CardSave' },
      CreditCard: { maskedNumber: '•••• •••• •••• 0003', expiryMonth: 12, expiryYear: 2039 },
    });
    expect((await card.customerOf(account.cookie)).creditCard).toEqual(answer.CreditCard);
    const customerId = await customerIdOf(account.cookie);
    expect(await card.savedCardRow(customerId)).toMatchObject({ token, last4: '0003', billing_type: 'CreditCard' });
    expect(await card.ledgerOf({ billingId: first.BillingID })).toEqual(['CardSaved 0']);
    // No table holds the card's number, only its last four digits.
    for (const table of ['saved_cards', 'billing_cards', 'billing_events', 'billing_ledger', 'billings'] as const) {
      const rows = await db.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(TEST_CARDS.challenge);
      expect(JSON.stringify(rows)).not.toContain('497010000000');
    }
  });

  it('spec 3 §7 save: a refused registration saves nothing and keeps the card on file', async () => {
    const account = await registerAccount(t.app);
    const kept = await card.saveCard(account.cookie, TEST_CARDS.frictionless);
    const refused = await card.saveCard(account.cookie, TEST_CARDS.refused);
    expect(refused.billingId).not.toBe(kept.billingId);
    expect((await card.save(account.cookie, { billing_id: refused.billingId })).json().Response).toMatchObject({
      Result: false,
      Billing: { state: 'Failed' },
      CreditCard: { maskedNumber: '•••• •••• •••• 0014' },
    });
    expect((await card.savedCardRow(await customerIdOf(account.cookie)))?.token).toBe(kept.token);
  });

  it('spec 3 §7 save: replacing the card makes the new token the card on file; remove forgets it and cancels the token', async () => {
    const account = await registerAccount(t.app);
    const first = await card.saveCard(account.cookie, TEST_CARDS.frictionless);
    const second = await card.saveCard(account.cookie, TEST_CARDS.challenge);
    const customerId = await customerIdOf(account.cookie);
    expect((await card.savedCardRow(customerId))?.token).toBe(second.token);
    expect(second.token).not.toBe(first.token);

    expect((await card.remove(account.cookie)).json().Response).toEqual({ Result: true });
    expect(await card.savedCardRow(customerId)).toBeUndefined();
    expect((await card.customerOf(account.cookie)).creditCard).toBeNull();
    // The processor no longer charges it.
    await expect(
      card.processor.createPayment({
        amount: 100,
        currency: 'EUR',
        orderId: 'R-after-remove',
        paymentMethodToken: second.token,
        idempotencyKey: `after-remove-${second.token}`,
      }),
    ).rejects.toThrow(/PSP_030/);
    expect(errorNumber(await card.remove(account.cookie))).toBe(32);
    expect(await card.ledgerOf({ customerId })).toEqual(['CardSaved 0', 'CardSaved 0', 'CardRemoved 0']);
  });

  it('spec 3 §7 save and remove need a session (11); remove is refused (4) while a card subscription renews', async () => {
    expect(errorNumber(await card.save(''))).toBe(11);
    expect(errorNumber(await card.remove(''))).toBe(11);
    const account = await registerAccount(t.app);
    await card.subscribeByCard(account.cookie);
    // The subscription's card became the card on file.
    expect((await card.customerOf(account.cookie)).creditCard).toMatchObject({ maskedNumber: '•••• •••• •••• 0014' });
    expect(errorNumber(await card.remove(account.cookie))).toBe(4);
    expect((await card.customerOf(account.cookie)).creditCard).not.toBeNull();
  });
});

describe('spec 3 §7 renewals charge the saved card, once per term (decisions 025, 083)', () => {
  it('spec 3 §7 a card subscription whose own card refuses renewals renews on the card saved since, once per term', async () => {
    clock = new Date();
    const account = await registerAccount(t.app);
    const { subscription } = await card.subscribeByCard(account.cookie, TEST_CARDS.renewalsRefused);
    const saved = await card.saveCard(account.cookie, TEST_CARDS.frictionless);
    expect(saved.token).not.toBe(subscription.provider_ref);

    clock = new Date(new Date(subscription.expiration_date).getTime() - 30 * 60_000);
    const report = await t.app.billingJob.runOnce({ force: true });
    expect(report.errors).toBe(0);
    const renewed = await card.subscription(subscription.id);
    expect(renewed.status).toBe('Renewed');
    // Asked again in the same minute and the next: the term is charged once.
    await t.app.billingJob.runOnce({ force: true });
    clock = new Date(clock.getTime() + 60_000);
    await t.app.billingJob.runOnce({ force: true });
    expect(await card.ledgerOf({ subscriptionId: subscription.id })).toEqual(['Charged 499', 'Renewed 499']);
    const charges = await db.db
      .selectFrom('billing_events')
      .select(['kind', 'amount_cents'])
      .where('subscription_id', '=', subscription.id)
      .where('kind', 'in', ['renewed', 'renewalFailed'])
      .execute();
    expect(charges).toEqual([{ kind: 'renewed', amount_cents: 499 }]);
    clock = new Date();
  });
});

describe('spec 3 §1 withdrawal of 14 days: POST /billing/cancel (decisions 025, 083)', () => {
  it('spec 3 §1 a paid start says until when it may be withdrawn; a free first period does not', async () => {
    const paid = await registerAccount(t.app);
    const { subscription } = await card.subscribeByCard(paid.cookie);
    const [shown] = (await card.customerOf(paid.cookie)).subscriptions;
    expect(shown.withdrawalUntil).toBe(new Date(Date.parse(subscription.created_at) + 14 * DAY).toISOString());

    const trial = await registerAccount(t.app);
    const trialStart = await card.subscribeByCard(trial.cookie, TEST_CARDS.frictionless, MONTHLY_TRIAL);
    expect((await card.customerOf(trial.cookie)).subscriptions[0].withdrawalUntil).toBeNull();
    // Cancelling a free first period is the ordinary unsubscribe: nothing to refund, access kept.
    expect((await card.cancel(trial.cookie, '1')).json().Response).toEqual({ Result: true, Status: 'Cancelled' });
    const after = await card.subscription(trialStart.subscription.id);
    expect(after.expiration_date).toBe(trialStart.subscription.expiration_date);
    expect(await card.ledgerOf({ subscriptionId: after.id })).toEqual(['TrialStarted 0', 'Cancelled 0']);
  });

  it('spec 3 §1 a double submit of the withdrawal refunds once', async () => {
    const account = await registerAccount(t.app);
    const { billingId, subscription } = await card.subscribeByCard(account.cookie);
    const answers = await Promise.all([card.cancel(account.cookie), card.cancel(account.cookie)]);
    for (const res of answers) expect(res.json().Response, res.body).toEqual({ Result: true, Status: 'Refunded' });
    expect(await card.ledgerOf({ subscriptionId: subscription.id })).toEqual(['Charged 499', 'Refunded -499']);
    expect(await card.orderMoves(billingId)).toEqual(['DEBIT 499 PAID', 'CREDIT 499 PAID']);
    const [shown] = (await card.customerOf(account.cookie)).subscriptions;
    expect(shown).toMatchObject({ status: 'Refunded', withdrawalUntil: null });
    expect((await card.customerOf(account.cookie)).hasValidSubscription).toBe(false);
  });

  it('spec 3 §1 a processor that refuses the refund changes nothing here (1), and the viewer can try again', async () => {
    const account = await registerAccount(t.app);
    const { billingId, subscription } = await card.subscribeByCard(account.cookie);
    // The processor already refunded the payment by itself: it refuses a second refund.
    const [paid] = (await card.processor.getOrder(billingId)).transactions;
    await card.processor.cancelOrRefund({
      uuid: paid!.uuid,
      amount: 499,
      currency: 'EUR',
      idempotencyKey: 'elsewhere',
    });
    const res = await card.cancel(account.cookie);
    expect(errorNumber(res)).toBe(1);
    expect(await card.subscription(subscription.id)).toMatchObject({ status: 'Paid', cancelled_at: null });
    expect(await card.ledgerOf({ subscriptionId: subscription.id })).toEqual(['Charged 499']);
    expect((await card.customerOf(account.cookie)).hasValidSubscription).toBe(true);
  });
});

describe('migration 022 (decision 083): the cards registered before it are on file', () => {
  it('fills the card on file with the latest registered card and its subscription token', async () => {
    clock = new Date();
    const account = await registerAccount(t.app);
    const { subscription } = await card.subscribeByCard(account.cookie, TEST_CARDS.frictionless);
    // A card change registers another card behind the same token, a second later.
    clock = new Date(clock.getTime() + 1000);
    const update = await t.app.inject(
      get('/billing/credit-card/update', { query: { product_id: '2' }, cookie: account.cookie }),
    );
    expect(errorNumber(update), update.body).toBe(0);
    await typeCardOnProcessorPage(update.json().Response.RedirectData, TEST_CARDS.challenge);
    const customerId = await customerIdOf(account.cookie);

    // The database as it stood before 022: no saved cards, the migration not run.
    const appDb = databaseOfTestApp(t.config)!;
    await appDb.db.schema.dropTable('saved_cards').execute();
    await sql`DELETE FROM kysely_migration WHERE name = '022-saved-cards'`.execute(appDb.db);
    expect(await migrateToLatest(appDb)).toEqual(['022-saved-cards']);
    expect(await card.savedCardRow(customerId)).toMatchObject({
      token: subscription.provider_ref,
      last4: '0003',
      billing_type: 'CreditCard',
    });
    expect((await card.customerOf(account.cookie)).creditCard).toMatchObject({ maskedNumber: '•••• •••• •••• 0003' });
  });
});
