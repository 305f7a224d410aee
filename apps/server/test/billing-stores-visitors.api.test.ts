import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, openDatabase, post } from './accounts-test-support';
import { customerIdOf, deviceOn, saved } from './billing-stores-test-support';

// Customers known without an account (spec 1 §6; spec 3 §4 "Non-logged users are identified by
// ise2" on the Orange box, "by a contract id (external_contract_id)" on BAchat; decision 089): a
// visitor's box subscribes once its store confirmed who it is, on an account bound to that
// identity, and comes back to it. Against the Orange app shop and BAchat stand-ins.
let t: TestApp;
let db: Db;
let shop: string;
let bachat: string;
let ipCounter = 0;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  shop = `${t.config.publicUrl}/sandbox/orange-appshoptv`;
  bachat = `${t.config.publicUrl}/sandbox/bachat`;
});
afterAll(async () => {
  await db.close();
  await t.close();
});

/** Each box its own address: the per-address receipt budget (decision 063) is not what is tested. */
const freshIp = () => `10.89.${++ipCounter}.1`;

const hook = async <T>(url: string, body: object): Promise<T> => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

/** An Orange line on a box, as its wassup auth answers it (spec 3 §7 Orange auth). */
async function orangeLine() {
  const account = await hook<{ ise2: string; apitoken: string }>(`${shop}/_test/account`, {});
  return { ise2: account.ise2, apitoken: account.apitoken, param_type: 'playz_monthly' };
}

/** A box posting without a session, or with the token the server gave it (decision 005). */
const boxPost = (platform: string, path: string, fields: Record<string, string>, ip: string, token?: string) =>
  t.app.inject(post(path, { ...fields, platform }, { ip, headers: token ? { authorization: `Bearer ${token}` } : {} }));
const customerWith = async (platform: string, token: string) =>
  (await t.app.inject(get('/customer', { query: { platform }, headers: { authorization: `Bearer ${token}` } }))).json()
    .Response.Customer as { hasValidSubscription: boolean; login: string | null; logged: boolean };

function answered(res: LightMyRequestResponse) {
  expect(errorNumber(res), res.body).toBe(0);
  return res.json().Response as { Result: number; Customer: { hasValidSubscription: boolean; login: string | null } };
}
const tokenOf = (res: LightMyRequestResponse) => res.headers['x-playz-token'] as string | undefined;

const identities = (kind: string, externalId: string) =>
  db.db
    .selectFrom('external_identities')
    .selectAll()
    .where('kind', '=', kind)
    .where('external_id', '=', externalId)
    .execute();
const customerCount = async () =>
  Number(
    (
      await db.db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('spec 3 §4 Orange: a visitor known by its ise2', () => {
  it('check on a line with nothing bought stays a visitor (0, no account); save subscribes on a new account bound to the ise2, signed in', async () => {
    const line = await orangeLine();
    const ip = freshIp();
    const before = await customerCount();
    const check = await boxPost('OrangeSTB', '/billing/orange-appshoptv/check', line, ip);
    expect(answered(check).Result).toBe(0);
    expect(tokenOf(check)).toBeUndefined();
    expect(await customerCount()).toBe(before);

    const save = await boxPost('OrangeSTB', '/billing/orange-appshoptv/save', line, ip);
    const { Result, Customer } = answered(save);
    expect(Result).toBe(1);
    expect(Customer.hasValidSubscription).toBe(true);
    const token = tokenOf(save);
    expect(token).toBeTruthy();
    const me = await customerWith('OrangeSTB', token!);
    expect(me).toMatchObject({ logged: true, hasValidSubscription: true });
    const bound = await identities('orange-ise2', line.ise2);
    expect(bound).toHaveLength(1);
    expect(bound[0]!.customer_id).toBe(await customerIdOf(db, me.login!));
  });

  it('the next start of the box (no session) signs in on the same account by check and finds its subscription', async () => {
    const line = await orangeLine();
    const first = answered(await boxPost('OrangeSTB', '/billing/orange-appshoptv/save', line, freshIp()));
    const again = await boxPost('OrangeSTB', '/billing/orange-appshoptv/check', line, freshIp());
    expect(answered(again).Result).toBe(1);
    expect(answered(again).Customer.login).toBe(first.Customer.login);
    const me = await customerWith('OrangeSTB', tokenOf(again)!);
    expect(me).toMatchObject({ logged: true, hasValidSubscription: true, login: first.Customer.login });
    // Saving again from that start is the same subscription on the same account.
    const resave = answered(await boxPost('OrangeSTB', '/billing/orange-appshoptv/save', line, freshIp()));
    expect(resave.Customer.login).toBe(first.Customer.login);
    const customerId = (await identities('orange-ise2', line.ise2))[0]!.customer_id;
    const subs = await db.db
      .selectFrom('subscriptions')
      .select('status')
      .where('customer_id', '=', customerId)
      .where('billing_type', '=', 'OrangeAppshopTV')
      .execute();
    expect(subs.map((s) => s.status)).toEqual(['Paid']);
  });

  it('a forged ise2 or apitoken Orange does not confirm is refused (30): no account, no session', async () => {
    const line = await orangeLine();
    const before = await customerCount();
    for (const forged of [
      { ...line, apitoken: 'forged-token' },
      { ...line, ise2: 'ISE2-FORGED0000000000' },
    ]) {
      for (const path of ['save', 'check']) {
        const res = await boxPost('OrangeSTB', `/billing/orange-appshoptv/${path}`, forged, freshIp());
        expect(errorNumber(res), res.body).toBe(30);
        expect(tokenOf(res)).toBeUndefined();
      }
    }
    expect(await customerCount()).toBe(before);
    expect(await identities('orange-ise2', line.ise2)).toEqual([]);
    expect(await identities('orange-ise2', 'ISE2-FORGED0000000000')).toEqual([]);
  });

  it('two boxes of one line saving at once make one account and one subscription', async () => {
    const line = await orangeLine();
    const [a, b] = await Promise.all([
      boxPost('OrangeSTB', '/billing/orange-appshoptv/save', line, freshIp()),
      boxPost('OrangeSTB', '/billing/orange-appshoptv/save', line, freshIp()),
    ]);
    expect(answered(a).Customer.login).toBe(answered(b).Customer.login);
    const bound = await identities('orange-ise2', line.ise2);
    expect(bound).toHaveLength(1);
    const subs = await db.db
      .selectFrom('subscriptions')
      .select('id')
      .where('customer_id', '=', bound[0]!.customer_id)
      .execute();
    expect(subs).toHaveLength(1);
  });

  it('a signed-in customer keeps saving on their own account: no identity is bound', async () => {
    const box = await deviceOn(t, 'OrangeSTB');
    const line = await orangeLine();
    expect((await saved(t, box, '/billing/orange-appshoptv/save', line)).hasValidSubscription).toBe(true);
    expect(await identities('orange-ise2', line.ise2)).toEqual([]);
    // That line's subscription is the customer's: a visitor presenting the line gets 30 (bound to another account).
    expect(errorNumber(await boxPost('OrangeSTB', '/billing/orange-appshoptv/save', line, freshIp()))).toBe(30);
  });

  it('is the set-top box store: a visitor on another platform is refused (4) before Orange is asked', async () => {
    const line = await orangeLine();
    expect(errorNumber(await boxPost('AndroidTV', '/billing/orange-appshoptv/save', line, freshIp()))).toBe(4);
    expect(await identities('orange-ise2', line.ise2)).toEqual([]);
  });
});

describe('spec 3 §4 BAchat: a visitor known by its external_contract_id', () => {
  /** The visitor confirms on the BBox page its link opened (customer reference "visitor"). */
  const activate = (externalContractId: string, customerRef = 'visitor') =>
    hook<{ otp_code: string }>(`${bachat}/_test/activate`, {
      customerRef,
      sku: 'subscription_1_99',
      externalContractId,
    });

  it('a visitor’s deeplink names no customer; the code of its activation subscribes on the contract’s account, and a later code of that contract comes back to it', async () => {
    const links = await t.app.inject(get('/billing/bachat/deeplink', { query: { platform: 'AndroidTV' } }));
    expect(errorNumber(links)).toBe(0);
    expect(links.json().Response.UrlServiceActivation).toContain('ref=visitor');

    const contract = `EXT-LINE-${Date.now()}`;
    const first = await boxPost('AndroidTV', '/billing/bachat/save', await activate(contract), freshIp());
    expect(answered(first).Customer.hasValidSubscription).toBe(true);
    const me = await customerWith('AndroidTV', tokenOf(first)!);
    expect(me).toMatchObject({ logged: true, hasValidSubscription: true });

    const later = await boxPost('AndroidTV', '/billing/bachat/save', await activate(contract), freshIp());
    expect(answered(later).Customer.login).toBe(me.login);
    const bound = await identities('bachat-contract', contract);
    expect(bound).toHaveLength(1);
    expect(bound[0]!.customer_id).toBe(await customerIdOf(db, me.login!));
  });

  it('a code BAchat never gave, or gave for a customer’s activation, is refused to a visitor (30): no account', async () => {
    const before = await customerCount();
    const unknown = await boxPost('AndroidTV', '/billing/bachat/save', { otp_code: '00000000' }, freshIp());
    expect(errorNumber(unknown)).toBe(30);
    const owner = await deviceOn(t, 'AndroidTV');
    const contract = `EXT-CUSTOMER-${Date.now()}`;
    const theirs = await activate(contract, String(await customerIdOf(db, owner.login)));
    const res = await boxPost('AndroidTV', '/billing/bachat/save', theirs, freshIp());
    expect(errorNumber(res)).toBe(30);
    expect(tokenOf(res)).toBeUndefined();
    expect(await identities('bachat-contract', contract)).toEqual([]);
    // The registered owner is the only account made meanwhile.
    expect(await customerCount()).toBe(before + 1);
  });
});
