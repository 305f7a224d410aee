import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connect';
import { openDatabase } from '../accounts-test-support';
import {
  customerIdOf,
  customerOf,
  deviceOn,
  storePost,
  subscriptionsOf,
  type Device,
} from '../billing-stores-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Store receipts as another account would post them (decision 029). A receipt is checked at its
 * store, server to server, and bound to the first account that saves it; BAchat's one-time code
 * was the exception: the contract it redeems names the customer the activation link was made for
 * (its customerRef, our customer id), and the server did not look, so any account holding the
 * 8-digit code of another customer's contract (guessed: nothing limits the tries; read off a
 * screen; sent) took that contract. Pass rule: a receipt of another account's purchase, or a
 * contract made for another customer, is refused with 30 and gives no subscription, also when two
 * accounts post the same receipt at once; the owner's own save is the control.
 */
const figures = { receipts: 0, accepted: 0 };
let t: TestApp;
let db: Db;
let sandbox: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  sandbox = `${t.config.publicUrl}/sandbox`;
});
afterAll(async () => {
  report('store receipts of another account', figures);
  await db.close();
  await t.close();
});

/** The store's own test hook: what a purchase at the store gives the device. */
const hook = async <T>(store: string, path: string, body: object): Promise<T> => {
  const res = await fetch(`${sandbox}/${store}/_test/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

const post = async (device: Device, path: string, fields: Record<string, string>) => {
  figures.receipts += 1;
  const res = await storePost(t, device, path, fields);
  const number = res.json().Error.Number as number;
  if (number === 0) figures.accepted += 1;
  return number;
};

describe('BAchat: a contract is its customer’s', () => {
  it("another account redeeming the one-time code of a contract made for A gets 30 and nothing; A's own save works", async () => {
    const a = await deviceOn(t, 'AndroidTV');
    const b = await deviceOn(t, 'AndroidTV');
    const { otp_code } = await hook<{ otp_code: string }>('bachat', 'activate', {
      customerRef: String(await customerIdOf(db, a.login)),
      sku: 'playz_monthly',
    });
    expect(await post(b, '/billing/bachat/save', { otp_code })).toBe(30);
    expect((await customerOf(t, b)).hasValidSubscription).toBe(false);
    expect(await subscriptionsOf(db, b.login, 'BAchat')).toHaveLength(0);
    // The control: the customer the contract was made for.
    expect(await post(a, '/billing/bachat/save', { otp_code })).toBe(0);
    expect((await customerOf(t, a)).hasValidSubscription).toBe(true);
  });

  it('a contract whose activation named no customer is nobody’s', async () => {
    const b = await deviceOn(t, 'AndroidTV');
    const { otp_code } = await hook<{ otp_code: string }>('bachat', 'activate', { sku: 'playz_monthly' });
    expect(await post(b, '/billing/bachat/save', { otp_code })).toBe(30);
    expect(await subscriptionsOf(db, b.login, 'BAchat')).toHaveLength(0);
  });
});

describe('the other stores bind a receipt to one account, also when two post it at once', () => {
  it('Google Play: one purchase token posted by two accounts at the same moment subscribes one of them', async () => {
    const devices = [await deviceOn(t, 'AndroidTV'), await deviceOn(t, 'AndroidTV')];
    const { json } = await hook<{ json: string }>('google-play', 'purchase', { sku: 'playz_monthly' });
    const numbers = await Promise.all(devices.map((d) => post(d, '/billing/google-play/save', { json })));
    expect([...numbers].sort()).toEqual([0, 30]);
    const subscribed = await Promise.all(devices.map(async (d) => (await customerOf(t, d)).hasValidSubscription));
    expect(subscribed.filter(Boolean)).toHaveLength(1);
  });

  it("Amazon: another account replaying A's saved receipt, or naming another Amazon user, gets 30", async () => {
    const a = await deviceOn(t, 'FireOS');
    const b = await deviceOn(t, 'FireOS');
    const response = await hook<Record<string, unknown>>('amazon-pay', 'purchase', {
      userId: 'amzn1.account.A',
      sku: 'playz_monthly',
    });
    const otherUser = { ...response, userData: { userId: 'amzn1.account.B', marketplace: 'FR' } };
    expect(await post(b, '/billing/amazon-pay/save', { response: JSON.stringify(otherUser) })).toBe(30);
    expect(await post(a, '/billing/amazon-pay/save', { response: JSON.stringify(response) })).toBe(0);
    expect(await post(b, '/billing/amazon-pay/save', { response: JSON.stringify(response) })).toBe(30);
    expect(await post(b, '/billing/amazon-pay/restore', { response: JSON.stringify(response) })).toBe(30);
    expect((await customerOf(t, b)).hasValidSubscription).toBe(false);
  });

  it("Samsung: A's invoice posted by B is not in B's invoice list (30), at any price", async () => {
    const a = await deviceOn(t, 'Tizen');
    const b = await deviceOn(t, 'Tizen');
    const invoice = await hook<{ InvoiceID: string }>('samsung-checkout', 'purchase', {
      CustomID: String(await customerIdOf(db, a.login)),
      ItemID: 'playz_monthly',
    });
    expect(await post(b, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID })).toBe(30);
    const cheap = await hook<{ InvoiceID: string }>('samsung-checkout', 'purchase', {
      CustomID: String(await customerIdOf(db, b.login)),
      ItemID: 'playz_monthly',
      Price: 0.01,
    });
    expect(await post(b, '/billing/samsung-checkout/save', { invoice: cheap.InvoiceID })).toBe(30);
    expect((await customerOf(t, b)).hasValidSubscription).toBe(false);
  });

  it('App Store: a transaction signed by another chain, or altered under the real signature, gets 30', async () => {
    const b = await deviceOn(t, 'Web');
    const forged = await hook<{ signedTransaction: string }>('app-store', 'purchase', {
      sku: 'playz_monthly',
      forgedChain: true,
    });
    expect(await post(b, '/billing/app-store/save', { receipt: forged.signedTransaction })).toBe(30);
    const real = await hook<{ signedTransaction: string }>('app-store', 'purchase', { sku: 'playz_monthly' });
    const [header, payload, signature] = real.signedTransaction.split('.') as [string, string, string];
    const altered = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), price: 10 };
    const tampered = `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`;
    expect(await post(b, '/billing/app-store/save', { receipt: tampered })).toBe(30);
    expect((await customerOf(t, b)).hasValidSubscription).toBe(false);
  });
});
