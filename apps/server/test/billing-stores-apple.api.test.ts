import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, openDatabase, post } from './accounts-test-support';
import { customerOf, deviceOn, ledgerOf, saved, storePost, subscriptionsOf } from './billing-stores-test-support';

// App Store (spec 3 §7 app-store save: receipt, original_transaction_id; decision 029): StoreKit 2
// signed transactions verified by @apple/app-store-server-library's SignedDataVerifier against the
// root the stand-in made at start (root CA → intermediate → signing leaf, Apple's marker OIDs).
let t: TestApp;
let db: Db;
let store: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  store = `${t.config.publicUrl}/sandbox/app-store`;
});
afterAll(async () => {
  await db.close();
  await t.close();
});

interface Signed {
  signedTransaction: string;
  transactionId: string;
  originalTransactionId: string;
  expiresDate: number;
}
const buy = async (body: object): Promise<Signed> => {
  const res = await fetch(`${store}/_test/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Signed;
};
// The App Store is no platform's store in spec 3 §4: its receipts are taken from any platform (the
// signature proves them); a Web caller stands for the Apple device here.
const fields = (s: Signed) => ({ receipt: s.signedTransaction, original_transaction_id: s.originalTransactionId });

describe('POST /billing/app-store/save', () => {
  it('a signed transaction gives one subscription until its expiresDate; saved twice still one', async () => {
    const device = await deviceOn(t, 'Web');
    const signed = await buy({ sku: 'playz_monthly' });
    expect((await saved(t, device, '/billing/app-store/save', fields(signed))).hasValidSubscription).toBe(true);
    await saved(t, device, '/billing/app-store/save', fields(signed));
    const subs = await subscriptionsOf(db, device.login, 'AppleAppStore');
    expect(subs.map((s) => [s.status, s.price_cents, s.provider_ref, s.expiration_date])).toEqual([
      ['Paid', 799, signed.originalTransactionId, new Date(signed.expiresDate).toISOString()],
    ]);
  });

  it('a renewal is the next transaction of the same original one: one Renewed term, one subscription', async () => {
    const device = await deviceOn(t, 'Web');
    const first = await buy({ sku: 'subscription_1_99' });
    await saved(t, device, '/billing/app-store/save', fields(first));
    const renewal = await buy({ sku: 'subscription_1_99', originalTransactionId: first.originalTransactionId });
    await saved(t, device, '/billing/app-store/save', fields(renewal));
    await saved(t, device, '/billing/app-store/save', fields(renewal));
    const subs = await subscriptionsOf(db, device.login, 'AppleAppStore');
    expect(subs.map((s) => [s.status, s.expiration_date])).toEqual([
      ['Renewed', new Date(renewal.expiresDate).toISOString()],
    ]);
    expect((await ledgerOf(db, device.login)).map((l) => [l.entry, l.amount_cents])).toEqual([
      ['Charged', 199],
      ['Renewed', 199],
    ]);
  });

  it('a transaction signed by another chain (same names, another root) is refused (30)', async () => {
    const device = await deviceOn(t, 'Web');
    const forged = await buy({ sku: 'playz_monthly', forgedChain: true });
    expect(errorNumber(await storePost(t, device, '/billing/app-store/save', fields(forged)))).toBe(30);
    expect(await subscriptionsOf(db, device.login, 'AppleAppStore')).toEqual([]);
  });

  it('a tampered payload, a wrong original_transaction_id or garbage is refused (30); nothing changes', async () => {
    const device = await deviceOn(t, 'Web');
    const signed = await buy({ sku: 'subscription_1_99' });
    const [header, payload, signature] = signed.signedTransaction.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, productId: 'playz_monthly', price: 1 })).toString('base64url')}.${signature}`;
    const refused: Record<string, string>[] = [
      { receipt: tampered },
      { receipt: signed.signedTransaction, original_transaction_id: '1000000000000001' },
      { receipt: 'a.b.c' },
    ];
    for (const body of refused)
      expect(errorNumber(await storePost(t, device, '/billing/app-store/save', body))).toBe(30);
    expect(await subscriptionsOf(db, device.login, 'AppleAppStore')).toEqual([]);
    expect(await ledgerOf(db, device.login)).toEqual([]);
  });

  it('a transaction already saved by another account is refused (30), its renewals too', async () => {
    const owner = await deviceOn(t, 'Web');
    const other = await deviceOn(t, 'Web');
    const signed = await buy({ sku: 'playz_monthly' });
    await saved(t, owner, '/billing/app-store/save', fields(signed));
    expect(errorNumber(await storePost(t, other, '/billing/app-store/save', fields(signed)))).toBe(30);
    const renewal = await buy({ sku: 'playz_monthly', originalTransactionId: signed.originalTransactionId });
    expect(errorNumber(await storePost(t, other, '/billing/app-store/save', fields(renewal)))).toBe(30);
    expect((await customerOf(t, other)).hasValidSubscription).toBe(false);
  });

  it('unsubscribing is not done here (4: no platform unsubscribes the App Store; Apple cancels on the device)', async () => {
    const device = await deviceOn(t, 'Web');
    await saved(t, device, '/billing/app-store/save', fields(await buy({ sku: 'playz_monthly' })));
    const res = await t.app.inject(
      post('/billing/unsubscribe', { billing_type: 'AppleAppStore', product_id: '1' }, { cookie: device.cookie }),
    );
    expect(errorNumber(res)).toBe(4);
    expect((await subscriptionsOf(db, device.login, 'AppleAppStore')).map((s) => s.status)).toEqual(['Paid']);
  });
});
