import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, get, openDatabase, post, registerAccount } from './accounts-test-support';

const DAY = 86_400_000;
// A clock the tests move forward, to see access end at the expiration date.
let clock = new Date();
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  db = openDatabase(t.config);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

/** Offer 11 sells product 1 (Service) by credit card; offer 13 product 2 (ReplaySubscription). */
async function subscribe(
  login: string,
  fields: { offerId?: number; billingType?: string; status?: string; expiresInDays?: number } = {},
) {
  const customer = await db.db
    .selectFrom('customers')
    .select('id')
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  return db.db
    .insertInto('subscriptions')
    .values({
      customer_id: customer.id,
      offer_id: fields.offerId ?? 11,
      billing_type: fields.billingType ?? 'CreditCard',
      status: fields.status ?? 'ToRenew',
      subscriber: 1,
      expiration_date: new Date(clock.getTime() + (fields.expiresInDays ?? 20) * DAY).toISOString(),
      created_at: new Date(clock.getTime() - 10 * DAY).toISOString(),
      operator_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A newly registered customer with one subscription, logged in on the web. */
async function subscriber(fields: Parameters<typeof subscribe>[1] = {}) {
  const account = await registerAccount(t.app);
  const { id } = await subscribe(account.login, fields);
  return { ...account, subscriptionId: id };
}

const unsubscribe = (cookie: string | undefined, fields: Record<string, string>) =>
  t.app.inject(post('/billing/unsubscribe', fields, cookie ? { cookie } : {}));
const creditCardService = { billing_type: 'CreditCard', product_id: '1' };
const me = async (cookie: string) => (await t.app.inject(get('/customer', { cookie }))).json().Response.Customer;
const row = (id: number) =>
  db.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /billing/unsubscribe (spec 3 §4 Unsubscribe, §7)', () => {
  it('makes the subscription Cancelled, keeps its expiration date and records when', async () => {
    const { cookie, subscriptionId } = await subscriber();
    const before = await row(subscriptionId);

    const res = await unsubscribe(cookie, creditCardService);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Response: { Result: true, Status: 'Cancelled' },
      Error: { Number: 0, Message: 'ok' },
    });

    const after = await row(subscriptionId);
    expect(after).toMatchObject({ status: 'Cancelled', expiration_date: before.expiration_date });
    expect(after.cancelled_at).toBe(clock.toISOString());
  });

  it('shows the cancelled status in the customer answer (GET /customer), access kept (spec 3 §4 Display)', async () => {
    const { cookie } = await subscriber();
    const expirationDate = (await me(cookie)).subscriptions[0].expirationDate;
    await unsubscribe(cookie, creditCardService);
    const customer = await me(cookie);
    expect(customer.subscriptions).toEqual([expect.objectContaining({ status: 'Cancelled', expirationDate })]);
    expect(customer).toMatchObject({ hasValidSubscription: true, productAccess: ['service'] });
  });

  it('keeps access until the expiration date and not after (spec 3 §4 Validity)', async () => {
    const { cookie } = await subscriber({ expiresInDays: 2 });
    await unsubscribe(cookie, creditCardService);
    const start = clock;
    try {
      clock = new Date(start.getTime() + DAY);
      expect((await me(cookie)).productAccess).toEqual(['service']);
      clock = new Date(start.getTime() + 3 * DAY);
      expect(await me(cookie)).toMatchObject({ hasValidSubscription: false, productAccess: [] });
    } finally {
      clock = start;
    }
  });

  it('works for the seeded demo subscriber (Playz Mensuel, credit card)', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    expect((await unsubscribe(cookie, creditCardService)).json().Response).toEqual({
      Result: true,
      Status: 'Cancelled',
    });
  });
});

describe('unsubscribing twice changes nothing (spec 3 §4, ARCHITECTURE 7 exactly-once)', () => {
  it('answers Result true with Status Cancelled again, the cancellation date untouched', async () => {
    const { cookie, subscriptionId } = await subscriber();
    await unsubscribe(cookie, creditCardService);
    const first = await row(subscriptionId);
    const start = clock;
    clock = new Date(start.getTime() + 60_000);
    try {
      const again = await unsubscribe(cookie, creditCardService);
      expect(again.json().Response).toEqual({ Result: true, Status: 'Cancelled' });
    } finally {
      clock = start;
    }
    expect(await row(subscriptionId)).toEqual(first);
  });

  it('cancels once when several calls arrive together', async () => {
    const { cookie, subscriptionId } = await subscriber();
    const answers = await Promise.all(Array.from({ length: 6 }, () => unsubscribe(cookie, creditCardService)));
    for (const res of answers) expect(res.json().Response).toEqual({ Result: true, Status: 'Cancelled' });
    const subscriptions = await db.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('customer_id', '=', (await row(subscriptionId)).customer_id)
      .execute();
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ status: 'Cancelled', cancelled_at: clock.toISOString() });
  });

  it('answers a refunded subscription with its own status, unchanged (spec 3 §4 "or the status returned")', async () => {
    const { cookie, subscriptionId } = await subscriber({ status: 'Refunded' });
    expect((await unsubscribe(cookie, creditCardService)).json().Response).toEqual({
      Result: true,
      Status: 'Refunded',
    });
    expect(await row(subscriptionId)).toMatchObject({ status: 'Refunded', cancelled_at: null });
  });

  it('stops the renewing subscription when an older term of the same product is already cancelled', async () => {
    const account = await registerAccount(t.app);
    await subscribe(account.login, { status: 'Cancelled', expiresInDays: -20 });
    const { id } = await subscribe(account.login, { status: 'Renewed' });
    expect((await unsubscribe(account.cookie, creditCardService)).json().Response.Status).toBe('Cancelled');
    expect((await row(id)).status).toBe('Cancelled');
  });
});

describe('who may unsubscribe (spec 3 §4 "allowed only when ...", §6)', () => {
  it('answers 11 (HTTP 401) to a visitor', async () => {
    const res = await unsubscribe(undefined, creditCardService);
    expect(res.statusCode).toBe(401);
    expect(errorNumber(res)).toBe(11);
  });

  it('refuses with 4 (HTTP 403) a billing type not available on the caller platform, and changes nothing', async () => {
    const { login, subscriptionId } = await subscriber();
    const tv = await t.app.inject(post('/customer', { login, password: 'secret-1', platform: 'Tizen' }));
    const token = String(tv.headers['x-playz-token']);
    const res = await t.app.inject({
      ...post('/billing/unsubscribe', { ...creditCardService, platform: 'Tizen' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(errorNumber(res)).toBe(4);
    expect((await row(subscriptionId)).status).toBe('ToRenew');
  });

  it('lets a Samsung checkout subscription be unsubscribed from Tizen, not from the web', async () => {
    const { login, cookie } = await subscriber({ billingType: 'SamsungCheckout' });
    const fields = { billing_type: 'SamsungCheckout', product_id: '1' };
    expect(errorNumber(await unsubscribe(cookie, fields))).toBe(4);
    const tv = await t.app.inject(post('/customer', { login, password: 'secret-1', platform: 'Tizen' }));
    const res = await t.app.inject({
      ...post('/billing/unsubscribe', { ...fields, platform: 'Tizen' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${String(tv.headers['x-playz-token'])}`,
      },
    });
    expect(res.json().Response).toEqual({ Result: true, Status: 'Cancelled' });
  });

  it('narrows to the billing types a device declares (an Android TV BBox has no Google Play)', async () => {
    const { cookie } = await subscriber({ billingType: 'GooglePlay' });
    const fields = { billing_type: 'GooglePlay', product_id: '1', platform: 'AndroidTV' };
    expect(errorNumber(await unsubscribe(cookie, { ...fields, billing_types: 'BAchat' }))).toBe(4);
    expect((await unsubscribe(cookie, { ...fields, billing_types: 'GooglePlay,BAchat' })).json().Response.Status).toBe(
      'Cancelled',
    );
  });

  it.each(['PreOrder', 'Error'])('refuses with 4 a %s subscription, which never gave access', async (status) => {
    const { cookie, subscriptionId } = await subscriber({ status });
    expect(errorNumber(await unsubscribe(cookie, creditCardService))).toBe(4);
    expect((await row(subscriptionId)).status).toBe(status);
  });

  it('refuses with 4 from a kids profile (decision 009)', async () => {
    const { cookie, subscriptionId } = await subscriber();
    const kid = (
      await t.app.inject(post('/customer/edit/profile', { username: 'Léo', is_kids: '1' }, { cookie }))
    ).json().Response.Profile;
    await t.app.inject(post('/customer/profile/switch', { customer_profile_uuid: kid.UUID }, { cookie }));
    expect(errorNumber(await unsubscribe(cookie, creditCardService))).toBe(4);
    expect((await row(subscriptionId)).status).toBe('ToRenew');
  });
});

describe('billing errors (spec 3 §8: 31 product, 32 billing, 33 billing type)', () => {
  it('answers 33 for a billing type spec 3 §3 does not name', async () => {
    const { cookie } = await subscriber();
    expect(errorNumber(await unsubscribe(cookie, { billing_type: 'Bitcoin', product_id: '1' }))).toBe(33);
    expect(errorNumber(await unsubscribe(cookie, { billing_type: 'creditcard', product_id: '1' }))).toBe(33);
  });

  it('answers 31 for a product no offer sells', async () => {
    const { cookie } = await subscriber();
    expect(errorNumber(await unsubscribe(cookie, { billing_type: 'CreditCard', product_id: '999' }))).toBe(31);
  });

  it('answers 32 when the customer has no subscription to that product on that billing type', async () => {
    const { cookie } = await subscriber({ billingType: 'Wap2', offerId: 12 });
    expect(errorNumber(await unsubscribe(cookie, creditCardService))).toBe(32);
    expect(errorNumber(await unsubscribe(cookie, { billing_type: 'Wap2', product_id: '2' }))).toBe(32);
    const none = await registerAccount(t.app);
    expect(errorNumber(await unsubscribe(none.cookie, creditCardService))).toBe(32);
  });

  it('never touches another customer subscription', async () => {
    const owner = await subscriber();
    const other = await registerAccount(t.app);
    expect(errorNumber(await unsubscribe(other.cookie, creditCardService))).toBe(32);
    expect((await row(owner.subscriptionId)).status).toBe('ToRenew');
  });

  it('answers 2 for a missing parameter and 3 for a product id that is not a number', async () => {
    const { cookie } = await subscriber();
    expect(errorNumber(await unsubscribe(cookie, { product_id: '1' }))).toBe(2);
    expect(errorNumber(await unsubscribe(cookie, { billing_type: 'CreditCard' }))).toBe(2);
    expect(errorNumber(await unsubscribe(cookie, { billing_type: 'CreditCard', product_id: 'un' }))).toBe(3);
  });
});
