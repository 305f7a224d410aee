import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, openDatabase } from './accounts-test-support';
import {
  customerOf,
  deviceOn,
  ledgerOf,
  saved,
  storePost,
  subscriptionsOf,
  standInHook,
} from './billing-stores-test-support';

// Amazon pay on Fire TV (spec 3 §4 Amazon flow, §7 amazon-pay save and restore, §8 Amazon
// statuses; decision 029) against the Receipt Verification Service stand-in.
let t: TestApp;
let db: Db;
let rvs: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  rvs = `${t.config.publicUrl}/sandbox/amazon-pay`;
});
afterAll(async () => {
  await db.close();
  await t.close();
});

interface PurchaseResponse {
  status: string;
  purchaseReceipt: { receiptId: string };
  userData: { userId: string };
}
const hook = <T>(path: string, body: object) => standInHook<T>(`${rvs}/_test/${path}`, body);
const amazonUser = () => `amzn1.account.${randomBytes(8).toString('hex').toUpperCase()}`;
/** The Fire TV buys in the Appstore: answers the PurchaseResponse the bridge hands the app. */
const buy = (sku = 'subscription_1_99', userId = amazonUser()) => hook<PurchaseResponse>('purchase', { userId, sku });
const fields = (response: PurchaseResponse, status = response.status) => ({
  purchase: JSON.stringify({ sku: 'subscription_1_99' }),
  response: JSON.stringify({ ...response, status }),
});

describe('POST /billing/amazon-pay/save (spec 3 §4: SUCCESSFUL or ALREADY_PURCHASED saved)', () => {
  it('SUCCESSFUL gives one subscription until the renewal date; ALREADY_PURCHASED again is still one', async () => {
    const fire = await deviceOn(t, 'FireOS');
    const response = await buy();
    const customer = await saved(t, fire, '/billing/amazon-pay/save', fields(response));
    expect(customer.hasValidSubscription).toBe(true);
    await saved(t, fire, '/billing/amazon-pay/save', fields(response, 'ALREADY_PURCHASED'));
    const subs = await subscriptionsOf(db, fire.login, 'AmazonPay');
    expect(subs.map((s) => [s.status, s.price_cents])).toEqual([['Paid', 199]]);
    expect(Date.parse(subs[0]!.expiration_date) - Date.now()).toBeGreaterThan(6 * 86_400_000);
  });

  it('FAILED and INVALID_SKU are a null outcome: refused (30), nothing saved', async () => {
    const fire = await deviceOn(t, 'FireOS');
    const response = await buy();
    for (const status of ['FAILED', 'INVALID_SKU', 'NOT_SUPPORTED'])
      expect(errorNumber(await storePost(t, fire, '/billing/amazon-pay/save', fields(response, status)))).toBe(30);
    expect(await subscriptionsOf(db, fire.login, 'AmazonPay')).toEqual([]);
  });

  it('an invented receipt or another Amazon user is refused by the RVS (30); nothing changes', async () => {
    const fire = await deviceOn(t, 'FireOS');
    const response = await buy();
    const invented = { ...response, purchaseReceipt: { receiptId: `${response.purchaseReceipt.receiptId}x` } };
    expect(errorNumber(await storePost(t, fire, '/billing/amazon-pay/save', fields(invented)))).toBe(30);
    const otherUser = { ...response, userData: { userId: amazonUser() } };
    expect(errorNumber(await storePost(t, fire, '/billing/amazon-pay/save', fields(otherUser)))).toBe(30);
    expect(errorNumber(await storePost(t, fire, '/billing/amazon-pay/save', { response: 'not json' }))).toBe(30);
    expect(await subscriptionsOf(db, fire.login, 'AmazonPay')).toEqual([]);
    expect(await ledgerOf(db, fire.login)).toEqual([]);
  });

  it('a receipt already saved by another account is refused (30)', async () => {
    const first = await deviceOn(t, 'FireOS');
    const second = await deviceOn(t, 'FireOS');
    const response = await buy('playz_monthly');
    await saved(t, first, '/billing/amazon-pay/save', fields(response));
    expect(errorNumber(await storePost(t, second, '/billing/amazon-pay/save', fields(response)))).toBe(30);
    expect(errorNumber(await storePost(t, second, '/billing/amazon-pay/restore', fields(response)))).toBe(30);
    expect((await customerOf(t, second)).hasValidSubscription).toBe(false);
  });

  it('is a Fire TV store: a Tizen posting an Amazon receipt is refused (4)', async () => {
    const tv = await deviceOn(t, 'Tizen');
    expect(errorNumber(await storePost(t, tv, '/billing/amazon-pay/save', fields(await buy())))).toBe(4);
  });
});

describe('POST /billing/amazon-pay/restore and the cancelDate rule', () => {
  it('a renewal at Amazon is applied once; a cancelDate ahead keeps access and stops the renewal', async () => {
    const fire = await deviceOn(t, 'FireOS');
    const response = await buy();
    await saved(t, fire, '/billing/amazon-pay/save', fields(response));
    await hook('renew', { receiptId: response.purchaseReceipt.receiptId });
    await saved(t, fire, '/billing/amazon-pay/restore', fields(response, 'ALREADY_PURCHASED'));
    await saved(t, fire, '/billing/amazon-pay/restore', fields(response, 'ALREADY_PURCHASED'));
    expect((await ledgerOf(db, fire.login)).map((l) => l.entry)).toEqual(['TrialStarted', 'Renewed']);
    await hook('cancel', { receiptId: response.purchaseReceipt.receiptId });
    const customer = await saved(t, fire, '/billing/amazon-pay/restore', fields(response));
    expect(customer.hasValidSubscription).toBe(true);
    expect((await subscriptionsOf(db, fire.login, 'AmazonPay')).map((s) => s.status)).toEqual(['Cancelled']);
  });

  it('a receipt cancelled in the past restores nothing (30)', async () => {
    const fire = await deviceOn(t, 'FireOS');
    const response = await buy();
    await hook('cancel', { receiptId: response.purchaseReceipt.receiptId, ended: true });
    expect(errorNumber(await storePost(t, fire, '/billing/amazon-pay/restore', fields(response)))).toBe(30);
    expect(await subscriptionsOf(db, fire.login, 'AmazonPay')).toEqual([]);
  });
});
