import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { openDatabase } from './accounts-test-support';
import { deviceOn, ledgerOf, saved, subscriptionsOf, type Device, standInHook } from './billing-stores-test-support';

// The "resumed" event of the web providers' applier (spec 3 §4 store flows; decisions 085 and 093):
// a store subscription the viewer cancelled, then turned back on before its end (Google Play
// SUBSCRIPTION_RESTARTED, Apple DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED), runs and renews
// again here, once.
let t: TestApp;
let db: Db;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  base = `${t.config.publicUrl}/sandbox`;
});
afterAll(async () => {
  await db.close();
  await t.close();
});

interface Sent {
  url: string;
  status: number | null;
  body: string;
  authorization?: string;
}
const hook = <T>(path: string, body: object) => standInHook<T>(`${base}/${path}`, body);
const redeliver = async (sent: Sent) => {
  const res = await fetch(sent.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(sent.authorization ? { authorization: sent.authorization } : {}),
    },
    body: sent.body,
  });
  return (await res.json()) as { outcome?: string };
};
const entries = async (device: Device) => (await ledgerOf(db, device.login)).map((l) => [l.entry, l.amount_cents]);
const statusOf = async (device: Device, billingType: string) =>
  (await subscriptionsOf(db, device.login, billingType)).map((s) => [s.status, s.cancelled_at === null]);

describe('spec 3 §4 a cancelled store subscription turned back on before its end is resumed', () => {
  it('Google Play SUBSCRIPTION_RESTARTED: Cancelled → Paid again, once; a later renewal renews it', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await hook<{ json: string; signature: string; purchaseToken: string }>(
      'google-play/_test/purchase',
      {
        sku: 'playz_monthly',
      },
    );
    await saved(t, tv, '/billing/google-play/save', { json: bought.json, signature: bought.signature });
    const token = bought.purchaseToken;
    await hook('google-play/_test/cancel', { token });
    expect(await statusOf(tv, 'GooglePlay')).toEqual([['Cancelled', false]]);
    const restarted = await hook<{ notification: Sent }>('google-play/_test/restart', { token });
    expect(restarted.notification.status).toBe(200);
    expect(await statusOf(tv, 'GooglePlay')).toEqual([['Paid', true]]);
    expect((await redeliver(restarted.notification)).outcome).toBe('duplicate');
    await hook('google-play/_test/renew', { token });
    expect((await statusOf(tv, 'GooglePlay')).map(([status]) => status)).toEqual(['Renewed']);
    expect(await entries(tv)).toEqual([
      ['Charged', 799],
      ['Cancelled', 0],
      ['Resumed', 0],
      ['Renewed', 799],
    ]);
  });

  it('Apple AUTO_RENEW_ENABLED: resumed; a refunded subscription is never brought back', async () => {
    const phone = await deviceOn(t, 'AndroidTV');
    const bought = await hook<{ signedTransaction: string; originalTransactionId: string }>(
      'app-store/_test/purchase',
      {
        sku: 'playz_monthly',
      },
    );
    await saved(t, phone, '/billing/app-store/save', { receipt: bought.signedTransaction });
    const originalTransactionId = bought.originalTransactionId;
    await hook('app-store/_test/cancel', { originalTransactionId });
    expect(await statusOf(phone, 'AppleAppStore')).toEqual([['Cancelled', false]]);
    const resumed = await hook<{ notification: Sent }>('app-store/_test/resume', { originalTransactionId });
    expect(resumed.notification.status).toBe(200);
    expect(await statusOf(phone, 'AppleAppStore')).toEqual([['Paid', true]]);

    await hook('app-store/_test/refund', { originalTransactionId });
    await hook('app-store/_test/resume', { originalTransactionId });
    expect((await statusOf(phone, 'AppleAppStore')).map(([status]) => status)).toEqual(['Refunded']);
    expect(await entries(phone)).toEqual([
      ['Charged', 799],
      ['Cancelled', 0],
      ['Resumed', 0],
      ['Refunded', -799],
    ]);
  });
});
