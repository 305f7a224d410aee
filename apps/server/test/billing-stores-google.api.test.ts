import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import type { TestApp } from './test-app';
import { errorNumber, post } from './accounts-test-support';
import {
  customerOf,
  deviceOn,
  ledgerOf,
  saved,
  storePost,
  subscriptionsOf,
  type Device,
  closeStoreApp,
  startStoreApp,
  standInHook,
} from './billing-stores-test-support';

// Google Play on Android TV (spec 3 §4 Google Play flow, §7 google-play save json + signature;
// decision 029): the real @googleapis/androidpublisher client against the Play Developer API
// stand-in, authorised by the service-account JWT flow with a key made at run time.
let t: TestApp;
let db: Db;
let play: string;
beforeAll(async () => void ({ t, db, url: play } = await startStoreApp('google-play')));
afterAll(() => closeStoreApp(t, db));

interface Bought {
  json: string;
  signature: string;
  purchaseToken: string;
}
const hook = <T>(path: string, body: object) => standInHook<T>(`${play}/_test/${path}`, body);
const buy = (sku: string, extra: object = {}) => hook<Bought>('purchase', { sku, ...extra });
const atGoogle = async (token: string) =>
  (await (await fetch(`${play}/_test/purchase?token=${encodeURIComponent(token)}`)).json()) as {
    acknowledgementState: string;
    subscriptionState: string;
    lineItems: { expiryTime: string }[];
  };
const save = (device: Device, bought: Bought) =>
  saved(t, device, '/billing/google-play/save', { json: bought.json, signature: bought.signature });

describe('POST /billing/google-play/save', () => {
  it('a valid purchase gives one subscription until Google’s expiry, acknowledged; saved twice still one', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await buy('playz_monthly');
    expect((await save(tv, bought)).hasValidSubscription).toBe(true);
    await save(tv, bought);
    const google = await atGoogle(bought.purchaseToken);
    expect(google.acknowledgementState).toBe('ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED');
    const subs = await subscriptionsOf(db, tv.login, 'GooglePlay');
    expect(subs.map((s) => [s.status, s.price_cents, s.expiration_date])).toEqual([
      ['Paid', 799, google.lineItems[0]!.expiryTime],
    ]);
    expect((await ledgerOf(db, tv.login)).map((l) => [l.entry, l.amount_cents])).toEqual([['Charged', 799]]);
  });

  it('a free trial at Google is the offer’s first free week here', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    await save(tv, await buy('subscription_1_99', { freeTrial: true }));
    expect((await ledgerOf(db, tv.login)).map((l) => [l.entry, l.amount_cents])).toEqual([['TrialStarted', 0]]);
  });

  it('a purchase saved by another account is refused (30)', async () => {
    const first = await deviceOn(t, 'AndroidTV');
    const second = await deviceOn(t, 'AndroidTV');
    const bought = await buy('playz_monthly');
    await save(first, bought);
    const res = await storePost(t, second, '/billing/google-play/save', { json: bought.json });
    expect(errorNumber(res)).toBe(30);
    expect((await customerOf(t, second)).hasValidSubscription).toBe(false);
  });

  it('a tampered token, another app’s package or a broken json is refused (30); nothing changes', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await buy('playz_monthly');
    const purchase = JSON.parse(bought.json) as Record<string, unknown>;
    for (const json of [
      JSON.stringify({ ...purchase, purchaseToken: `${bought.purchaseToken}x` }),
      JSON.stringify({ ...purchase, packageName: 'com.other.app' }),
      '{"productId":',
    ])
      expect(errorNumber(await storePost(t, tv, '/billing/google-play/save', { json }))).toBe(30);
    expect(await subscriptionsOf(db, tv.login, 'GooglePlay')).toEqual([]);
    expect((await atGoogle(bought.purchaseToken)).acknowledgementState).toBe('ACKNOWLEDGEMENT_STATE_PENDING');
  });

  it('a renewal at Google is one Renewed term, whatever the number of saves', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await buy('subscription_1_99');
    await save(tv, bought);
    await hook('renew', { token: bought.purchaseToken });
    await save(tv, bought);
    await save(tv, bought);
    expect((await ledgerOf(db, tv.login)).map((l) => l.entry)).toEqual(['Charged', 'Renewed']);
    expect((await subscriptionsOf(db, tv.login, 'GooglePlay')).map((s) => s.status)).toEqual(['Renewed']);
  });
});

describe('linkedPurchaseToken (upgrade, resubscribe): the new token replaces the old one', () => {
  it('the old subscription stops giving access now; the new one is the only one', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const weekly = await buy('subscription_1_99');
    await save(tv, weekly);
    const monthly = await buy('playz_monthly', { linkedPurchaseToken: weekly.purchaseToken });
    expect((await save(tv, monthly)).hasValidSubscription).toBe(true);
    const subs = await subscriptionsOf(db, tv.login, 'GooglePlay');
    expect(subs.map((s) => [s.provider_ref, s.status])).toEqual([
      [weekly.purchaseToken, 'Cancelled'],
      [monthly.purchaseToken, 'Paid'],
    ]);
    const giving = subs.filter((s) => Date.parse(s.expiration_date) > Date.now());
    expect(giving.map((s) => s.provider_ref)).toEqual([monthly.purchaseToken]);
    // Saving the old token again does not bring it back.
    await save(tv, weekly).catch(() => undefined);
    expect(
      (await subscriptionsOf(db, tv.login, 'GooglePlay')).filter((s) => Date.parse(s.expiration_date) > Date.now()),
    ).toHaveLength(1);
  });

  it('a token replacing another account’s purchase is refused (30)', async () => {
    const owner = await deviceOn(t, 'AndroidTV');
    const other = await deviceOn(t, 'AndroidTV');
    const weekly = await buy('subscription_1_99');
    await save(owner, weekly);
    const upgrade = await buy('playz_monthly', { linkedPurchaseToken: weekly.purchaseToken });
    expect(errorNumber(await storePost(t, other, '/billing/google-play/save', { json: upgrade.json }))).toBe(30);
    expect((await subscriptionsOf(db, owner.login, 'GooglePlay')).map((s) => s.status)).toEqual(['Paid']);
  });
});

describe('unsubscribe of a Google Play subscription (purchases.subscriptions.cancel)', () => {
  it('cancels at Google, then here; access stays until the expiry; again is a success', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await buy('playz_monthly');
    await save(tv, bought);
    const unsubscribe = () =>
      t.app.inject(
        post(
          '/billing/unsubscribe',
          { billing_type: 'GooglePlay', product_id: '1', platform: 'AndroidTV' },
          {
            cookie: tv.cookie,
          },
        ),
      );
    const res = await unsubscribe();
    expect(res.json().Response, res.body).toMatchObject({ Result: true, Status: 'Cancelled' });
    expect((await atGoogle(bought.purchaseToken)).subscriptionState).toBe('SUBSCRIPTION_STATE_CANCELED');
    expect((await customerOf(t, tv)).hasValidSubscription).toBe(true);
    expect((await unsubscribe()).json().Response).toMatchObject({ Result: true, Status: 'Cancelled' });
  });
});
