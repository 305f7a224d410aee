import { createApiClient, type ApiClient } from '@playz/api-client';
import {
  createPlatformBridge,
  memoryStorage,
  StoreBillingError,
  type BridgeOptions,
  type Platform,
  type PlatformBridge,
} from '@playz/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { openDatabase, registerAccount } from './accounts-test-support';
import { customerIdOf, ledgerOf, subscriptionsOf } from './billing-stores-test-support';
import { createTestApp, type TestApp } from './test-app';

// Each platform bridge's emulated store billing end to end (the platform layer; spec 3 §4
// store flows; decisions 029 and 036): the emulator buys in the store stand-in's `/_test` hook,
// posts the store's answer to the server's save endpoint with @playz/api-client, and the server
// verifies it at the same stand-in as it would at the real store.
let t: TestApp;
let db: Db;
let sandboxUrl: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  sandboxUrl = `${t.config.publicUrl}/sandbox`;
});
afterAll(async () => {
  await db.close();
  await t.close();
});

interface Tv {
  bridge: PlatformBridge;
  api: ApiClient;
  login: string;
  customId: string;
}

/** A logged-in TV of `platform` running the emulated bridge, its API client bound to the test app. */
async function emulatedTv(platform: Platform, extra: Partial<BridgeOptions> = {}): Promise<Tv> {
  const { cookie, login } = await registerAccount(t.app);
  const withSession: typeof fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    return fetch(input, { ...init, headers });
  };
  let bridge: PlatformBridge | null = null;
  const api = createApiClient({
    baseUrl: t.config.publicUrl,
    getCommonParams: () => bridge?.commonParams() ?? { platform },
    fetch: withSession,
    eventTarget: null,
  });
  bridge = createPlatformBridge(platform, { emulated: true, api, storage: memoryStorage(), sandboxUrl, ...extra });
  // The TV reads the CustomID the stores know it by from /data, as the TV app does (store-offers.tsx).
  const customId = (await api.getData()).Customer.storeCustomId;
  expect(customId).toBe(String(await customerIdOf(db, login)));
  return { bridge, api, login, customId: customId! };
}

const billingOf = (tv: Tv) => {
  expect(tv.bridge.storeBilling, `${tv.bridge.platform} has emulated store billing`).toBeDefined();
  return tv.bridge.storeBilling!;
};
const subscribed = async (tv: Tv, billingType: string) =>
  (await subscriptionsOf(db, tv.login, billingType)).map((s) => [s.status, s.billing_type]);

describe('emulated store billing through the server (spec 3 §4, decision 029)', () => {
  it('Tizen: Samsung checkout buys, saves the invoice (Result 1 with Customer), restore re-attaches it', async () => {
    const tv = await emulatedTv('Tizen');
    const billing = billingOf(tv);
    expect(billing.billingType).toBe('SamsungCheckout');
    const outcome = await billing.subscribe({ sku: 'playz_monthly', customId: tv.customId });
    expect(outcome.status).toBe('saved');
    expect(outcome.status === 'saved' && outcome.customer.hasValidSubscription).toBe(true);
    expect(await billing.restore({ sku: 'playz_monthly', customId: tv.customId })).toMatchObject({ status: 'saved' });
    expect(await subscribed(tv, 'SamsungCheckout')).toEqual([['Paid', 'SamsungCheckout']]);
    expect((await ledgerOf(db, tv.login)).map((l) => l.entry)).toEqual(['Charged']);
  });

  it('Tizen: an invoice bought for another customer is refused by the server (30), nothing saved', async () => {
    const tv = await emulatedTv('Tizen');
    const other = await emulatedTv('Tizen');
    await expect(billingOf(tv).subscribe({ sku: 'playz_monthly', customId: other.customId })).rejects.toMatchObject({
      name: 'StoreBillingError',
      reason: 'server',
      number: 30,
    });
    expect(await subscribed(tv, 'SamsungCheckout')).toEqual([]);
  });

  it('OrangeSTB: wassup auth, save at the app shop, check (restore) and unsubscribe', async () => {
    const box = await emulatedTv('OrangeSTB', { search: '?pf=qualif' });
    expect(box.bridge.setTopEnvironment).toBe('qualif');
    const billing = billingOf(box);
    expect(await billing.subscribe({ sku: 'playz_monthly' })).toMatchObject({ status: 'saved' });
    expect(await billing.restore({ sku: 'playz_monthly' })).toMatchObject({ status: 'saved' });
    expect(await subscribed(box, 'OrangeAppshopTV')).toEqual([['Paid', 'OrangeAppshopTV']]);
    expect(await billing.unsubscribe!({ sku: 'playz_monthly' })).toMatchObject({ status: 'saved' });
    expect((await subscriptionsOf(db, box.login, 'OrangeAppshopTV'))[0]!.status).toBe('Cancelled');
  });

  it('OrangeSTB spec 3 §8: an over-quota Orange line is I10-PLAYZ, shown and sent to tracking', async () => {
    const hook = await fetch(`${sandboxUrl}/orange-appshoptv/_test/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ overQuota: true }),
    });
    expect(hook.status).toBe(200);
    const box = await emulatedTv('OrangeSTB');
    const failure = await billingOf(box)
      .subscribe({ sku: 'playz_monthly' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(StoreBillingError);
    expect(await box.bridge.errors!.report(failure, { billing: true })).toEqual({ id: 'I10-PLAYZ', kind: 'overQuota' });
    expect(await subscribed(box, 'OrangeAppshopTV')).toEqual([]);
  });

  it('OrangeSTB spec 3 §8: another billing refusal is I09-PLAYZ, its silent form #10-PLAYZ', async () => {
    const box = await emulatedTv('OrangeSTB');
    // Unsubscribing a line that holds nothing at the app shop: the server refuses (30).
    const failure = await billingOf(box).unsubscribe!({ sku: 'playz_monthly' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StoreBillingError);
    expect(failure).toMatchObject({ reason: 'server', number: 30 });
    expect(await box.bridge.errors!.report(failure, { billing: true })).toEqual({ id: 'I09-PLAYZ', kind: 'billing' });
    expect(await box.bridge.errors!.report(failure, { billing: true, silent: true })).toBeNull();
  });

  it('AndroidTV (Google Play): the Play purchase json and signature are saved; restore re-saves it once', async () => {
    const tv = await emulatedTv('AndroidTV');
    const billing = billingOf(tv);
    expect(billing.billingType).toBe('GooglePlay');
    expect(await billing.subscribe({ sku: 'playz_monthly' })).toMatchObject({ status: 'saved' });
    expect(await billing.restore({ sku: 'playz_monthly' })).toMatchObject({ status: 'saved' });
    expect(await subscribed(tv, 'GooglePlay')).toEqual([['Paid', 'GooglePlay']]);
  });

  it('AndroidTV BBox variant (?variant=bbox): BAchat deeplink, activation, one-time code saved', async () => {
    const bbox = await emulatedTv('AndroidTV', { search: '?variant=bbox' });
    const billing = billingOf(bbox);
    expect(billing.billingType).toBe('BAchat');
    expect(await billing.subscribe({ sku: 'subscription_1_99' })).toMatchObject({ status: 'saved' });
    expect(await subscribed(bbox, 'BAchat')).toEqual([['Paid', 'BAchat']]);
  });

  it('FireOS: Amazon SUCCESSFUL is saved, restore finds the receipt in the purchase updates', async () => {
    const tv = await emulatedTv('FireOS');
    const billing = billingOf(tv);
    expect(billing.billingType).toBe('AmazonPay');
    expect(await billing.subscribe({ sku: 'subscription_1_99' })).toMatchObject({ status: 'saved' });
    expect(await billing.restore({ sku: 'subscription_1_99' })).toMatchObject({ status: 'saved' });
    expect(await subscribed(tv, 'AmazonPay')).toEqual([['Paid', 'AmazonPay']]);
  });

  it('Web and XBox have no store bridge (spec 3 §4 list: web checkout, Xbox Dummy only)', async () => {
    expect((await emulatedTv('Web')).bridge.storeBilling).toBeUndefined();
    expect((await emulatedTv('XBox')).bridge.storeBilling).toBeUndefined();
  });
});
