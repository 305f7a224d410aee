import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@playz/api-client';
import { storeAccountTokens } from '@playz/domain';
import { createPlatformBridge, memoryStorage, type Platform, type PlatformBridge } from '@playz/platform';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, openDatabase, registerAccount } from './accounts-test-support';
import {
  customerIdOf,
  deviceOn,
  ledgerOf,
  saved,
  storePost,
  type Device,
  standInHook,
} from './billing-stores-test-support';

// Single-content purchases and live-event passes through the stores (spec 3 §3 Purchase,
// ContentPurchase, LivePurchase; §4 store flows; §7 save calls with purchase_content; decision
// 093): the device posts the store's receipt with the item it bought, the stand-ins answer as the
// stores' one-off product APIs do (Play purchases.products, StoreKit 2 Consumable transactions,
// Amazon RVS CONSUMABLE receipts), and the purchase is the same rows a card rental makes. The
// stores' refunds (Play voided purchases, Apple REFUND and REVOKE, Amazon CONSUMABLE_CANCELLED)
// end it once through the same applier.
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

const FILM = { contentType: 'Content', contentTypeID: 1001 } as const;
const OTHER_FILM = { contentType: 'Content', contentTypeID: 1002 } as const;
const EVENT = { contentType: 'LiveEvent', contentTypeID: 2 } as const;
const item = (i: { contentType: string; contentTypeID: number }) => JSON.stringify(i);

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
      'content-type': sent.url.endsWith('amazon-pay') ? 'text/plain' : 'application/json',
      ...(sent.authorization ? { authorization: sent.authorization } : {}),
    },
    body: sent.body,
  });
  return (await res.json()) as { outcome?: string };
};
const purchasesOf = async (device: Device) =>
  db.db
    .selectFrom('purchases')
    .selectAll()
    .where('customer_id', '=', await customerIdOf(db, device.login))
    .orderBy('id')
    .execute();
const entries = async (device: Device) => (await ledgerOf(db, device.login)).map((l) => [l.entry, l.amount_cents]);

interface PlayBought {
  json: string;
  signature: string;
  purchaseToken: string;
}
const playBuy = async (device: Device, sku: string, tagged?: { contentType: string; contentTypeID: number }) =>
  hook<PlayBought>('google-play/_test/purchase-product', {
    sku,
    obfuscatedExternalAccountId: (await storeAccountTokens(String(await customerIdOf(db, device.login)))).googlePlay,
    ...(tagged ? { obfuscatedExternalProfileId: `${tagged.contentType}:${tagged.contentTypeID}` } : {}),
  });
const playFields = (bought: PlayBought, what: object) => ({
  json: bought.json,
  signature: bought.signature,
  purchase_content: item(what as typeof FILM),
});

describe('spec 3 §7 google-play save with purchase_content (Play purchases.products)', () => {
  it('a film rental bought in the Play Store is the card rental’s purchase, consumed at Google; posted again, still one', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await playBuy(tv, 'playz_rental_48h', FILM);
    const customer = await saved(t, tv, '/billing/google-play/save', playFields(bought, FILM));
    expect(customer.purchases).toMatchObject([
      {
        billingType: 'GooglePlay',
        status: 'Paid',
        units: 1,
        purchaseContent: { contentType: 'Content', contentTypeID: 1001 },
      },
    ]);
    await saved(t, tv, '/billing/google-play/save', playFields(bought, FILM));
    const rows = await purchasesOf(tv);
    expect(rows.map((p) => [p.status, p.content_type, p.content_type_id, p.price_cents, p.units])).toEqual([
      ['Paid', 'Content', 1001, 299, 1],
    ]);
    // 48 hours, as the rental offer says.
    expect(Date.parse(rows[0]!.end_date!) - Date.parse(rows[0]!.start_date!)).toBe(48 * 3600_000);
    expect(await entries(tv)).toEqual([['Purchased', 299]]);
    const atGoogle = (await (
      await fetch(`${base}/google-play/_test/purchase-product?token=${encodeURIComponent(bought.purchaseToken)}`)
    ).json()) as { consumptionState: number; acknowledgementState: number };
    expect([atGoogle.consumptionState, atGoogle.acknowledgementState]).toEqual([1, 1]);
  });

  it('a live-event pass gives that event, without an end', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await playBuy(tv, 'playz_event_pass', EVENT);
    await saved(t, tv, '/billing/google-play/save', playFields(bought, EVENT));
    const rows = await purchasesOf(tv);
    expect(rows.map((p) => [p.content_type, p.content_type_id, p.price_cents, p.end_date])).toEqual([
      ['LiveEvent', 2, 499, null],
    ]);
  });

  it('the same purchase posted for another film, a rental for an event, or tagged for another film is 30', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await playBuy(tv, 'playz_rental_48h');
    await saved(t, tv, '/billing/google-play/save', playFields(bought, FILM));
    const again = await storePost(t, tv, '/billing/google-play/save', playFields(bought, OTHER_FILM));
    expect(errorNumber(again)).toBe(30);
    const rental = await playBuy(tv, 'playz_rental_48h');
    expect(errorNumber(await storePost(t, tv, '/billing/google-play/save', playFields(rental, EVENT)))).toBe(30);
    const tagged = await playBuy(tv, 'playz_rental_48h', FILM);
    expect(errorNumber(await storePost(t, tv, '/billing/google-play/save', playFields(tagged, OTHER_FILM)))).toBe(30);
    expect((await purchasesOf(tv)).map((p) => p.content_type_id)).toEqual([1001]);
  });

  it('a bad purchase_content is 3, an item that does not exist 20 / 100, and nothing is bought', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await playBuy(tv, 'playz_rental_48h');
    const post = (what: string) =>
      storePost(t, tv, '/billing/google-play/save', {
        json: bought.json,
        signature: bought.signature,
        purchase_content: what,
      });
    expect(errorNumber(await post('{"contentType":"Film"}'))).toBe(3);
    expect(errorNumber(await post(item({ contentType: 'Content', contentTypeID: 999_999 })))).toBe(20);
    expect(errorNumber(await post(item({ contentType: 'LiveEvent', contentTypeID: 999_999 })))).toBe(100);
    expect(await purchasesOf(tv)).toEqual([]);
  });

  it('Google voids the rental: access ends and the ledger gives 2.99 back, once', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await playBuy(tv, 'playz_rental_48h', FILM);
    await saved(t, tv, '/billing/google-play/save', playFields(bought, FILM));
    const voided = await hook<{ notification: Sent }>('google-play/_test/void', { token: bought.purchaseToken });
    expect(voided.notification.status).toBe(200);
    expect((await purchasesOf(tv)).map((p) => [p.status, p.units])).toEqual([['Refunded', 0]]);
    expect((await redeliver(voided.notification)).outcome).toBe('duplicate');
    expect(await entries(tv)).toEqual([
      ['Purchased', 299],
      ['Refunded', -299],
    ]);
    // A voided purchase posted again grants nothing more.
    await saved(t, tv, '/billing/google-play/save', playFields(bought, FILM));
    expect((await purchasesOf(tv)).map((p) => p.status)).toEqual(['Refunded']);
  });
});

interface AppleBought {
  signedTransaction: string;
  transactionId: string;
  originalTransactionId: string;
  type: string;
}
describe('spec 3 §7 app-store save with purchase_content (StoreKit 2 Consumable transactions)', () => {
  const appleBuy = async (device: Device, sku: string) =>
    hook<AppleBought>('app-store/_test/purchase', {
      sku,
      appAccountToken: (await storeAccountTokens(String(await customerIdOf(db, device.login)))).appStore,
    });
  const appleFields = (bought: AppleBought, what: object) => ({
    receipt: bought.signedTransaction,
    original_transaction_id: bought.originalTransactionId,
    purchase_content: item(what as typeof FILM),
  });

  it('a consumable rental gives the film at Apple’s price; REFUND ends it and gives it back once, REVOKE after it changes nothing', async () => {
    const phone = await deviceOn(t, 'AndroidTV');
    const bought = await appleBuy(phone, 'playz_rental_48h');
    expect(bought.type).toBe('Consumable');
    await saved(t, phone, '/billing/app-store/save', appleFields(bought, FILM));
    expect((await purchasesOf(phone)).map((p) => [p.billing_type, p.status, p.price_cents])).toEqual([
      ['AppleAppStore', 'Paid', 299],
    ]);
    const refunded = await hook<{ notification: Sent }>('app-store/_test/refund', {
      originalTransactionId: bought.originalTransactionId,
    });
    expect(refunded.notification.status).toBe(200);
    expect((await redeliver(refunded.notification)).outcome).toBe('duplicate');
    const revoked = await hook<{ notification: Sent }>('app-store/_test/refund', {
      originalTransactionId: bought.originalTransactionId,
      revoke: true,
    });
    expect(revoked.notification.status).toBe(200);
    expect((await purchasesOf(phone)).map((p) => [p.status, p.units])).toEqual([['Refunded', 0]]);
    expect(await entries(phone)).toEqual([
      ['Purchased', 299],
      ['Refunded', -299],
    ]);
  });

  it('a subscription’s transaction posted as a rental is 30', async () => {
    const phone = await deviceOn(t, 'AndroidTV');
    const bought = await appleBuy(phone, 'playz_monthly');
    const res = await storePost(t, phone, '/billing/app-store/save', appleFields(bought, FILM));
    expect(errorNumber(res)).toBe(30);
    expect(await purchasesOf(phone)).toEqual([]);
  });
});

interface AmazonBought {
  purchaseReceipt: { receiptId: string };
  userData: { userId: string };
}
describe('spec 3 §7 amazon-pay save with purchase_content (RVS CONSUMABLE receipts)', () => {
  it('a consumable pass gives the event; Amazon cancels the receipt: access ends once', async () => {
    const fire = await deviceOn(t, 'FireOS');
    const userId = `amzn1.account.${randomBytes(8).toString('hex').toUpperCase()}`;
    const bought = await hook<AmazonBought>('amazon-pay/_test/purchase', { userId, sku: 'playz_event_pass' });
    await saved(t, fire, '/billing/amazon-pay/save', {
      purchase: JSON.stringify({ sku: 'playz_event_pass' }),
      response: JSON.stringify({ ...bought, status: 'SUCCESSFUL' }),
      purchase_content: item(EVENT),
    });
    expect((await purchasesOf(fire)).map((p) => [p.billing_type, p.content_type_id, p.price_cents])).toEqual([
      ['AmazonPay', 2, 499],
    ]);
    const cancelled = await hook<{ notification: Sent }>('amazon-pay/_test/cancel', {
      receiptId: bought.purchaseReceipt.receiptId,
    });
    expect(cancelled.notification.status).toBe(200);
    expect((await redeliver(cancelled.notification)).outcome).toBe('duplicate');
    expect((await purchasesOf(fire)).map((p) => p.status)).toEqual(['Refunded']);
    expect(await entries(fire)).toEqual([
      ['Purchased', 499],
      ['Refunded', -499],
    ]);
  });
});

describe('spec 3 §4 the TV bridges’ buyItem, emulated, through the server (decision 093)', () => {
  /** A logged-in TV of `platform` with the emulated bridge, bound to the test app (as platform-billing does). */
  async function emulatedTv(platform: Platform) {
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
    bridge = createPlatformBridge(platform, { emulated: true, api, storage: memoryStorage(), sandboxUrl: base });
    const customId = (await api.getData()).Customer.storeCustomId ?? undefined;
    return { billing: bridge.storeBilling!, device: { cookie, login, platform } as Device, customId };
  }

  it('Android TV (Google Play) rents the film: the purchase names the account and the film, the server grants it', async () => {
    const tv = await emulatedTv('AndroidTV');
    expect(tv.billing.buyItem).toBeDefined();
    const outcome = await tv.billing.buyItem!({ sku: 'playz_rental_48h', customId: tv.customId }, FILM);
    expect(outcome.status).toBe('saved');
    expect((await purchasesOf(tv.device)).map((p) => [p.billing_type, p.content_type_id])).toEqual([
      ['GooglePlay', 1001],
    ]);
  });

  it('Fire TV (Amazon) buys the event pass as a consumable', async () => {
    const tv = await emulatedTv('FireOS');
    const outcome = await tv.billing.buyItem!({ sku: 'playz_event_pass', customId: tv.customId }, EVENT);
    expect(outcome.status).toBe('saved');
    expect((await purchasesOf(tv.device)).map((p) => [p.billing_type, p.content_type, p.content_type_id])).toEqual([
      ['AmazonPay', 'LiveEvent', 2],
    ]);
  });

  it('Tizen (Samsung checkout) has no buyItem: its flow sells subscriptions only', async () => {
    const tv = await emulatedTv('Tizen');
    expect(tv.billing.buyItem).toBeUndefined();
  });
});
