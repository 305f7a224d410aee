import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { postDirectPassNotification } from './support/direct-pass-notification';
import { errorNumber, get, openDatabase, post, registerAccount } from './accounts-test-support';

// Direct pass end to end (spec 3 §2 operator-choice, msisdn, return; §4 steps 1 and 3; §7 calls;
// decision 025) against the operator gateway stand-in, over real HTTP both ways.
let t: TestApp;
let db: Db;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  base = t.config.publicUrl;
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const WEEKLY = { product_id: '1', product_price_id: '12' };
const billingCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'playz_billing');
  return cookie ? `playz_billing=${cookie.value}` : '';
};

/** Starts a direct pass payment; answers the operator page, the billing id and the browser's cookie. */
async function start(query: Record<string, string>, cookie?: string) {
  const res = await t.app.inject(get('/billing/direct-pass/url', { query: { ...WEEKLY, ...query }, cookie }));
  expect(errorNumber(res), res.body).toBe(0);
  const { Url, BillingID } = res.json().Response as { Url: string | null; BillingID: string | null };
  const billingCookie = billingCookieOf(res);
  return { url: Url, billingId: BillingID, cookie: [cookie, billingCookie].filter(Boolean).join('; ') };
}

/** The viewer's click on the operator page; answers where the browser is sent. */
async function answerOperatorPage(url: string, fields: Record<string, string>): Promise<string> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

const confirm = (billingId: string, cookie: string) =>
  t.app.inject(post('/billing/direct-pass/confirm', { billing_id: billingId }, { cookie }));
const billingRow = (id: string) =>
  db.db.selectFrom('billings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const subscriptionsOfBilling = (id: string) =>
  db.db.selectFrom('subscriptions').selectAll().where('billing_id', '=', id).execute();
const ledgerOfBilling = (id: string) =>
  db.db.selectFrom('billing_ledger').selectAll().where('billing_id', '=', id).execute();

/** A notification as the gateway signs it (shared sandbox secret). */
const signedNotification = (payload: object, secret?: string) => postDirectPassNotification(base, payload, secret);

describe('GET /billing/direct-pass/carriers (spec 3 §2 operator-choice, §3 Carriers data)', () => {
  it('lists the operators with their parent ids, then others', async () => {
    const res = await t.app.inject(get('/billing/direct-pass/carriers', { query: { product_id: '1' } }));
    const { operators } = res.json().Response.Carriers;
    expect(operators.map((o: { id: number }) => o.id)).toEqual([1, 2, 3, 4, 15, 16, 17, 10]);
    expect(operators.find((o: { name: string }) => o.name === 'Sosh').parentID).toBe(1);
  });

  it('answers 31 for a product nobody sells', async () => {
    const res = await t.app.inject(get('/billing/direct-pass/carriers', { query: { product_id: '999' } }));
    expect(errorNumber(res)).toBe(31);
  });
});

describe('direct pass payment (spec 3 §4 subscription flow, decision 025)', () => {
  it('without the mobile number an operator that cannot identify the line answers no URL (msisdn page)', async () => {
    const { url, billingId } = await start({ operator_id: '2' });
    expect(url).toBeNull();
    expect(billingId).toBeNull();
  });

  it('a visitor pays on the operator page: one subscription on a new mailbox account, signed in on return', async () => {
    const { url, billingId, cookie } = await start({
      operator_id: '2',
      msisdn: '06 12 34 56 78',
      requested_url: '/channels',
    });
    const page = await (await fetch(url!)).text();
    expect(page).toContain('Gratuit pendant 7 jours, puis 1,99 € par semaine');
    expect(page).toContain('06 12 34 56 78');
    expect(await answerOperatorPage(url!, { action: 'confirm' })).toBe(`${base}/billing/return/${billingId}`);

    // The signed notification arrived before the browser came back.
    expect((await billingRow(billingId!)).state).toBe('Succeeded');
    const res = await confirm(billingId!, cookie);
    const { Result, Billing } = res.json().Response;
    expect(Result).toBe(true);
    expect(Billing).toMatchObject({
      state: 'Succeeded',
      type: 'Subscription',
      requestedUrl: '/channels',
      productID: 1,
    });
    expect(Billing.productLogin).toMatch(/^abonne\.[a-z0-9]{8}@playz\.fr$/);
    const session = res.cookies.find((c) => c.name === 'playz_sid');
    const me = (await t.app.inject(get('/customer', { cookie: `playz_sid=${session!.value}` }))).json().Response
      .Customer;
    expect(me.login).toBe(Billing.productLogin);
    expect(me.hasValidSubscription).toBe(true);
    const [subscription] = await subscriptionsOfBilling(billingId!);
    expect(subscription).toMatchObject({ status: 'Paid', billing_type: 'Wap2', operator_id: 2, price_cents: 199 });
    expect((await ledgerOfBilling(billingId!)).map((l) => [l.entry, l.amount_cents])).toEqual([['TrialStarted', 0]]);
  });

  it('the return alone reads nothing for another browser (32) and activates nothing', async () => {
    const { url, billingId } = await start({ operator_id: '3', msisdn: '0700000002' });
    expect(errorNumber(await confirm(billingId!, ''))).toBe(32);
    expect((await billingRow(billingId!)).state).toBe('Pending');
    await fetch(url!); // the viewer only looked at the page
    expect(await subscriptionsOfBilling(billingId!)).toEqual([]);
  });

  it('Orange identifies the line on its own page: the number is typed there', async () => {
    const { url, billingId, cookie } = await start({ operator_id: '1' });
    expect(url).toContain('/sandbox/direct-pass/pay/');
    const refused = await fetch(url!, {
      method: 'POST',
      body: new URLSearchParams({ action: 'confirm', msisdn: '123' }),
    });
    expect(refused.status).toBe(422);
    await answerOperatorPage(url!, { action: 'confirm', msisdn: '0611223344' });
    expect((await confirm(billingId!, cookie)).json().Response.Result).toBe(true);
  });

  it('a line the operator refuses ends Failed; a cancel on the page ends Abandoned; neither subscribes', async () => {
    const refused = await start({ operator_id: '4', msisdn: '0600000001' });
    await answerOperatorPage(refused.url!, { action: 'confirm' });
    expect((await confirm(refused.billingId!, refused.cookie)).json().Response).toMatchObject({
      Result: false,
      Billing: { state: 'Failed' },
    });
    const cancelled = await start({ operator_id: '4', msisdn: '0612121212' });
    await answerOperatorPage(cancelled.url!, { action: 'cancel' });
    expect((await confirm(cancelled.billingId!, cancelled.cookie)).json().Response.Billing.state).toBe('Abandoned');
    expect([
      ...(await subscriptionsOfBilling(refused.billingId!)),
      ...(await subscriptionsOfBilling(cancelled.billingId!)),
    ]).toEqual([]);
  });

  it('a logged customer subscribes on their own account and pays at once the second time (trial once)', async () => {
    const account = await registerAccount(t.app);
    const first = await start({ operator_id: '2', msisdn: '0698765432' }, account.cookie);
    await answerOperatorPage(first.url!, { action: 'confirm' });
    const outcome = (await confirm(first.billingId!, first.cookie)).json().Response.Billing;
    expect(outcome.productLogin).toBeNull();
    const [sub] = await subscriptionsOfBilling(first.billingId!);
    const owner = await db.db
      .selectFrom('customers')
      .select('id')
      .where('login', '=', account.login)
      .executeTakeFirstOrThrow();
    expect(sub?.customer_id).toBe(owner.id);
    // Already subscribed: a second payment for the same product is refused (4).
    const again = await t.app.inject(
      get('/billing/direct-pass/url', {
        query: { ...WEEKLY, operator_id: '2', msisdn: '0698765432' },
        cookie: account.cookie,
      }),
    );
    expect(errorNumber(again)).toBe(4);
    // After it ended, the same customer pays 1.99 at once: the free week was given once.
    await db.db
      .updateTable('subscriptions')
      .set({ status: 'Cancelled', expiration_date: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sub!.id)
      .execute();
    const second = await start({ operator_id: '2', msisdn: '0698765432' }, account.cookie);
    expect((await billingRow(second.billingId!)).amount_cents).toBe(199);
  });

  it('answers 3 for a number that is not a French mobile and 34 for an unknown operator', async () => {
    const bad = await t.app.inject(
      get('/billing/direct-pass/url', { query: { ...WEEKLY, operator_id: '2', msisdn: '0123456789' } }),
    );
    expect(errorNumber(bad)).toBe(3);
    const unknown = await t.app.inject(
      get('/billing/direct-pass/url', { query: { ...WEEKLY, operator_id: '77', msisdn: '0612345678' } }),
    );
    expect(errorNumber(unknown)).toBe(34);
  });
});

describe('exactly once (decision 025)', () => {
  it('the same signed notification 100 times at once gives one subscription and one ledger line', async () => {
    const { url, billingId } = await start({ operator_id: '2', msisdn: '0655555555' });
    await fetch(`${base}/sandbox/direct-pass/_test/drop-notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"drop":true}',
    });
    try {
      await answerOperatorPage(url!, { action: 'confirm' });
    } finally {
      await fetch(`${base}/sandbox/direct-pass/_test/drop-notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"drop":false}',
      });
    }
    const transactionId = url!.split('/').at(-1)!;
    const notification = {
      eventId: 'evt_replayed',
      type: 'transaction.succeeded',
      transactionId,
      merchantTransactionId: billingId,
      subscriptionId: 'sub_replayed',
      msisdn: '0655555555',
      amount: 0,
      currency: 'EUR',
    };
    const answers = await Promise.all(Array.from({ length: 100 }, () => signedNotification(notification)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await subscriptionsOfBilling(billingId!)).toHaveLength(1);
    expect(await ledgerOfBilling(billingId!)).toHaveLength(1);
    // A day later, the same again changes nothing.
    await signedNotification({ ...notification, eventId: 'evt_later' });
    expect(await subscriptionsOfBilling(billingId!)).toHaveLength(1);
  });

  it('a tampered amount with a valid signature is rejected; a bad signature is refused (401)', async () => {
    const { url, billingId } = await start({ operator_id: '2', msisdn: '0644444444' });
    const transactionId = url!.split('/').at(-1)!;
    const tampered = {
      eventId: 'e1',
      type: 'transaction.succeeded',
      transactionId,
      merchantTransactionId: billingId,
      subscriptionId: 's',
      msisdn: '0644444444',
      amount: 1,
      currency: 'EUR',
    };
    expect((await signedNotification(tampered)).status).toBe(200);
    expect((await billingRow(billingId!)).state).toBe('Pending');
    const event = await db.db
      .selectFrom('billing_events')
      .selectAll()
      .where('billing_id', '=', billingId!)
      .executeTakeFirstOrThrow();
    expect(event.outcome).toBe('rejected');
    expect((await signedNotification({ ...tampered, amount: 0 }, 'not-the-secret-at-all')).status).toBe(401);
    expect((await billingRow(billingId!)).state).toBe('Pending');
  });

  it('a lost notification is reconciled from the gateway when the viewer comes back', async () => {
    const { url, billingId, cookie } = await start({ operator_id: '2', msisdn: '0633333333' });
    await fetch(`${base}/sandbox/direct-pass/_test/drop-notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"drop":true}',
    });
    try {
      await answerOperatorPage(url!, { action: 'confirm' });
    } finally {
      await fetch(`${base}/sandbox/direct-pass/_test/drop-notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"drop":false}',
      });
    }
    expect((await billingRow(billingId!)).state).toBe('Pending');
    const outcomes = await Promise.all([confirm(billingId!, cookie), confirm(billingId!, cookie)]);
    expect(outcomes.map((o) => o.json().Response.Billing.state)).toEqual(['Succeeded', 'Succeeded']);
    expect(await subscriptionsOfBilling(billingId!)).toHaveLength(1);
  });
});

describe('logged access to the web payment calls', () => {
  it('credit card and PayPal need a session (11)', async () => {
    for (const path of ['/billing/credit-card/url', '/billing/paypal/url']) {
      expect(errorNumber(await t.app.inject(get(path, { query: WEEKLY })))).toBe(11);
    }
    const cookie = await logInAs(t.app, 'visiteur@playz.fr');
    // With a session the card call starts (decision 026: the card provider is registered).
    expect(errorNumber(await t.app.inject(get('/billing/credit-card/url', { query: WEEKLY, cookie })))).toBe(0);
  });
});
