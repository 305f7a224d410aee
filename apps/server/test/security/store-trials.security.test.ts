import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connect';
import { openDatabase } from '../accounts-test-support';
import { customerOf, deviceOn, storePost, subscriptionsOf, type Device } from '../billing-stores-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * A store's free first term (decision 072). Decision 025 gives the free first period once per
 * customer and product, and the web checkout keeps to it; a store gives its trial to each new store
 * account, and the server believed it: one Playz account with a new Google account each time got
 * a new trial each time. Pass rule: a receipt whose first term is the store's free trial (Google
 * Play's freeTrial phase, Apple's FREE_TRIAL offer, Amazon's trial end) for an account that already
 * had the product is 30 with Reason TrialAlreadyUsed and the viewer's-language message, gives no
 * subscription, and a Play purchase so refused is left unacknowledged (Google refunds it); the
 * same store subscription once it shows a paid term is accepted; an account that never had the
 * product gets the trial (the control).
 */
const figures = { receipts: 0, refusedAsTrial: 0 };
let t: TestApp;
let db: Db;
let sandbox: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  sandbox = `${t.config.publicUrl}/sandbox`;
});
afterAll(async () => {
  report('store free trials', figures);
  await db.close();
  await t.close();
});

async function hook<T>(store: string, path: string, body: object): Promise<T> {
  const res = await fetch(`${sandbox}/${store}/_test/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

type Refusal = { Number: number; Message: string; Reason?: string };
async function save(device: Device, path: string, fields: Record<string, string>): Promise<Refusal> {
  figures.receipts += 1;
  const res = await storePost(t, device, path, fields);
  const error = res.json().Error as Refusal;
  if (error.Reason === 'TrialAlreadyUsed') figures.refusedAsTrial += 1;
  return error;
}

const playPurchase = (freeTrial: boolean) =>
  hook<{ json: string; purchaseToken: string }>('google-play', 'purchase', { sku: 'playz_monthly', freeTrial });
const acknowledgement = async (token: string) => {
  const res = await fetch(`${sandbox}/google-play/_test/purchase?token=${encodeURIComponent(token)}`);
  return ((await res.json()) as { acknowledgementState: string }).acknowledgementState;
};

describe('spec 3 §7 store saves: the store’s free trial is given once per customer and product', () => {
  it('Google Play: a second free trial is 30 TrialAlreadyUsed, unacknowledged; its first paid term is accepted', async () => {
    const a = await deviceOn(t, 'AndroidTV');
    // The control: an account that never had the product gets the store's trial.
    const first = await playPurchase(true);
    expect((await save(a, '/billing/google-play/save', { json: first.json })).Number).toBe(0);
    expect(await acknowledgement(first.purchaseToken)).toBe('ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED');
    expect(await subscriptionsOf(db, a.login, 'GooglePlay')).toHaveLength(1);

    // A new Google account on the same Playz account: the store offers its trial again.
    const second = await playPurchase(true);
    const refused = await save(a, '/billing/google-play/save', { json: second.json, locale: 'en' });
    expect(refused).toMatchObject({ Number: 30, Reason: 'TrialAlreadyUsed' });
    expect(refused.Message).toMatch(/free period has already been used on this Playz account/);
    expect(refused.Message).toMatch(/cancel the free trial/i);
    expect(await subscriptionsOf(db, a.login, 'GooglePlay')).toHaveLength(1);
    // Left unacknowledged, Google refunds and ends it within 3 days.
    expect(await acknowledgement(second.purchaseToken)).toBe('ACKNOWLEDGEMENT_STATE_PENDING');

    // The viewer kept it: Google charged the first paid term, which is accepted normally.
    await hook('google-play', 'renew', { token: second.purchaseToken });
    expect((await save(a, '/billing/google-play/save', { json: second.json })).Number).toBe(0);
    const subs = await subscriptionsOf(db, a.login, 'GooglePlay');
    expect(subs).toHaveLength(2);
    expect(subs[1]!.price_cents).toBe(799);
    expect(await acknowledgement(second.purchaseToken)).toBe('ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED');
  });

  it('an account that already paid for the product is refused the store trial too, in French by default', async () => {
    const a = await deviceOn(t, 'AndroidTV');
    const paid = await playPurchase(false);
    expect((await save(a, '/billing/google-play/save', { json: paid.json })).Number).toBe(0);
    const trial = await playPurchase(true);
    const refused = await save(a, '/billing/google-play/save', { json: trial.json });
    expect(refused).toMatchObject({ Number: 30, Reason: 'TrialAlreadyUsed' });
    expect(refused.Message).toMatch(/période gratuite a déjà été utilisée sur ce compte Playz/);
    expect(refused.Message).toMatch(/sans être débité|pour ne pas être débité/);
  });

  it('App Store: a FREE_TRIAL first transaction for an account that had the product is 30 TrialAlreadyUsed', async () => {
    const a = await deviceOn(t, 'Web');
    const first = await hook<{ signedTransaction: string }>('app-store', 'purchase', {
      sku: 'playz_monthly',
      freeTrial: true,
    });
    expect((await save(a, '/billing/app-store/save', { receipt: first.signedTransaction })).Number).toBe(0);
    const second = await hook<{ signedTransaction: string }>('app-store', 'purchase', {
      sku: 'playz_monthly',
      freeTrial: true,
    });
    const refused = await save(a, '/billing/app-store/save', { receipt: second.signedTransaction, locale: 'nl' });
    expect(refused).toMatchObject({ Number: 30, Reason: 'TrialAlreadyUsed' });
    expect(refused.Message).toMatch(/gratis periode is al gebruikt op dit Playz-account/);
    expect(await subscriptionsOf(db, a.login, 'AppleAppStore')).toHaveLength(1);
  });

  it('Amazon: a receipt in its free trial for an account that had the product is 30 TrialAlreadyUsed', async () => {
    const a = await deviceOn(t, 'FireOS');
    const first = await hook<object>('amazon-pay', 'purchase', {
      userId: 'amzn1.account.TRIAL1',
      sku: 'playz_monthly',
      freeTrial: true,
    });
    expect((await save(a, '/billing/amazon-pay/save', { response: JSON.stringify(first) })).Number).toBe(0);
    const second = await hook<object>('amazon-pay', 'purchase', {
      userId: 'amzn1.account.TRIAL2',
      sku: 'playz_monthly',
      freeTrial: true,
    });
    const refused = await save(a, '/billing/amazon-pay/save', { response: JSON.stringify(second), locale: 'es' });
    expect(refused).toMatchObject({ Number: 30, Reason: 'TrialAlreadyUsed' });
    expect(refused.Message).toMatch(/periodo gratuito ya se ha usado en esta cuenta de Playz/);
    expect((await customerOf(t, a)).hasValidSubscription).toBe(true);
    expect(await subscriptionsOf(db, a.login, 'AmazonPay')).toHaveLength(1);
  });
});
