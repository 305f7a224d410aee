import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleSandboxPushToken } from '@playz/provider-sandbox';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { openDatabase } from './accounts-test-support';
import {
  customerOf,
  deviceOn,
  ledgerOf,
  saved,
  subscriptionsOf,
  type Device,
  standInHook,
} from './billing-stores-test-support';

// Store server notifications (spec 3 §4 store flows, decision 085): the stand-ins of Google Play
// (Pub/Sub push with Google's OIDC token) and of the App Store (App Store Server Notifications v2,
// a JWS on the stand-in's Apple chain) tell the server of renewals, cancellations, refunds and
// revocations, which the web providers' applier applies once.
let t: TestApp;
let db: Db;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  base = t.config.publicUrl;
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
const hook = <T>(path: string, body: object) => standInHook<T>(`${base}/sandbox/${path}`, body);
/** Delivers a notification again as the store would (same body, same headers). */
const redeliver = async (sent: Sent) => {
  const res = await fetch(sent.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(sent.authorization ? { authorization: sent.authorization } : {}),
    },
    body: sent.body,
  });
  return { status: res.status, body: (await res.json()) as { outcome?: string; detail?: string } };
};
const entries = async (device: Device) => (await ledgerOf(db, device.login)).map((l) => [l.entry, l.amount_cents]);
const notificationRecord = (billingType: string, id: string) =>
  db.db
    .selectFrom('billing_events')
    .select(['kind', 'detail'])
    .where('billing_type', '=', billingType)
    .where('event_key', '=', `notification:${id}`)
    .executeTakeFirst();

describe('spec 3 §4 Google Play real-time developer notifications (POST /billing/callbacks/google-play)', () => {
  interface Bought {
    json: string;
    signature: string;
    purchaseToken: string;
  }
  type Read = { lineItems: { expiryTime: string }[]; notification: Sent };
  const buyAndSave = async (sku = 'playz_monthly') => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await hook<Bought>('google-play/_test/purchase', { sku });
    await saved(t, tv, '/billing/google-play/save', { json: bought.json, signature: bought.signature });
    return { tv, token: bought.purchaseToken, bought };
  };
  const messageIdOf = (sent: Sent) => (JSON.parse(sent.body) as { message: { messageId: string } }).message.messageId;

  it('a renewal extends to Google’s new expiry once: redelivered, then saved again, still one Renewed term', async () => {
    const { tv, token, bought } = await buyAndSave();
    const renewed = await hook<Read>('google-play/_test/renew', { token });
    expect(renewed.notification.status).toBe(200);
    const subs = await subscriptionsOf(db, tv.login, 'GooglePlay');
    expect(subs.map((s) => [s.status, s.expiration_date])).toEqual([['Renewed', renewed.lineItems[0]!.expiryTime]]);
    const again = await redeliver(renewed.notification);
    expect([again.status, again.body.outcome]).toEqual([200, 'duplicate']);
    await saved(t, tv, '/billing/google-play/save', { json: bought.json, signature: bought.signature });
    expect(await entries(tv)).toEqual([
      ['Charged', 799],
      ['Renewed', 799],
    ]);
    expect((await notificationRecord('GooglePlay', messageIdOf(renewed.notification)))?.detail).toBe(
      'RENEWED: renewed applied',
    );
  });

  it('SUBSCRIPTION_PURCHASED is acknowledged and recorded as not used: the device’s save binds the purchase', async () => {
    const { tv, token } = await buyAndSave();
    const { notification } = await hook<{ notification: Sent }>('google-play/_test/notify-purchased', { token });
    expect(notification.status).toBe(200);
    expect((await notificationRecord('GooglePlay', messageIdOf(notification)))?.detail).toBe(
      'PURCHASED: type not used',
    );
    expect(await entries(tv)).toEqual([['Charged', 799]]);
  });

  it('a cancellation at the store stops the renewal; access stays until the expiry', async () => {
    const { tv, token } = await buyAndSave();
    const cancelled = await hook<Read>('google-play/_test/cancel', { token });
    expect(cancelled.notification.status).toBe(200);
    const [sub] = await subscriptionsOf(db, tv.login, 'GooglePlay');
    expect([sub?.status, sub?.expiration_date]).toEqual(['Cancelled', cancelled.lineItems[0]!.expiryTime]);
    expect((await customerOf(t, tv)).hasValidSubscription).toBe(true);
    expect(await entries(tv)).toEqual([
      ['Charged', 799],
      ['Cancelled', 0],
    ]);
  });

  it('a revocation (refund) ends access now and gives the term back in the ledger, once', async () => {
    const { tv, token } = await buyAndSave();
    const revoked = await hook<Read>('google-play/_test/revoke', { token });
    expect(revoked.notification.status).toBe(200);
    const [sub] = await subscriptionsOf(db, tv.login, 'GooglePlay');
    expect(sub?.status).toBe('Refunded');
    expect(Date.parse(sub!.expiration_date)).toBeLessThanOrEqual(Date.now());
    expect((await customerOf(t, tv)).hasValidSubscription).toBe(false);
    expect((await redeliver(revoked.notification)).body.outcome).toBe('duplicate');
    expect(await entries(tv)).toEqual([
      ['Charged', 799],
      ['Refunded', -799],
    ]);
  });

  it('a voided subscription purchase is a refund too; a voided one-time product is not a subscription’s', async () => {
    const { tv, token } = await buyAndSave();
    const voided = await hook<Read>('google-play/_test/void', { token });
    expect(voided.notification.status).toBe(200);
    expect((await subscriptionsOf(db, tv.login, 'GooglePlay')).map((s) => s.status)).toEqual(['Refunded']);
    expect(await entries(tv)).toEqual([
      ['Charged', 799],
      ['Refunded', -799],
    ]);
    expect((await notificationRecord('GooglePlay', messageIdOf(voided.notification)))?.detail).toBe(
      'VOIDED_PURCHASE: refunded applied',
    );
    const other = await buyAndSave();
    const oneTime = await hook<Read>('google-play/_test/void', { token: other.token, productType: 2 });
    expect(oneTime.notification.status).toBe(200);
    expect((await redeliver(oneTime.notification)).body.outcome).toBe('not used');
    expect((await subscriptionsOf(db, other.tv.login, 'GooglePlay')).map((s) => s.status)).toEqual(['Paid']);
  });

  it('a purchase never saved here is acknowledged (200) and recorded as unknown; nothing is created', async () => {
    const bought = await hook<Bought>('google-play/_test/purchase', { sku: 'playz_monthly' });
    const renewed = await hook<Read>('google-play/_test/renew', { token: bought.purchaseToken });
    expect(renewed.notification.status).toBe(200);
    expect((await notificationRecord('GooglePlay', messageIdOf(renewed.notification)))?.detail).toBe(
      'RENEWED: unknown purchase',
    );
    const subs = await db.db
      .selectFrom('subscriptions')
      .select('id')
      .where('provider_ref', '=', bought.purchaseToken)
      .execute();
    expect(subs).toEqual([]);
  });

  it('a push whose token another key signed, or of another service account, or unsigned, is refused (401); nothing changes', async () => {
    const { tv, token } = await buyAndSave();
    const url = `${base}/billing/callbacks/google-play`;
    const body = JSON.stringify({
      message: {
        messageId: '990001',
        data: Buffer.from(
          JSON.stringify({
            packageName: 'fr.playz.androidtv',
            subscriptionNotification: { notificationType: 12, purchaseToken: token, subscriptionId: 'playz_monthly' },
          }),
        ).toString('base64'),
      },
      subscription: 'projects/x/subscriptions/y',
    });
    for (const authorization of [
      `Bearer ${googleSandboxPushToken(url, { forged: true })}`,
      `Bearer ${googleSandboxPushToken(url, { email: 'someone@other.iam.gserviceaccount.com' })}`,
      `Bearer ${googleSandboxPushToken('https://elsewhere.example/push')}`,
      undefined,
    ])
      expect((await redeliver({ url, status: null, body, authorization })).status).toBe(401);
    expect((await subscriptionsOf(db, tv.login, 'GooglePlay')).map((s) => s.status)).toEqual(['Paid']);
    expect(await entries(tv)).toEqual([['Charged', 799]]);
  });
});

describe('spec 3 §4 App Store Server Notifications v2 (POST /billing/callbacks/app-store)', () => {
  interface Signed {
    signedTransaction: string;
    originalTransactionId: string;
    expiresDate: number;
    notification: (Sent & { notificationUUID: string }) | null;
  }
  const buyAndSave = async () => {
    const device = await deviceOn(t, 'Web');
    const first = await hook<Signed>('app-store/_test/purchase', { sku: 'playz_monthly' });
    await saved(t, device, '/billing/app-store/save', {
      receipt: first.signedTransaction,
      original_transaction_id: first.originalTransactionId,
    });
    return { device, original: first.originalTransactionId };
  };
  type Told = { notification: Sent & { notificationUUID: string } };

  it('DID_RENEW extends to the new transaction’s expiry once, the device’s later save of it included', async () => {
    const { device, original } = await buyAndSave();
    const renewal = await hook<Signed>('app-store/_test/purchase', {
      sku: 'playz_monthly',
      originalTransactionId: original,
    });
    expect(renewal.notification?.status).toBe(200);
    const subs = await subscriptionsOf(db, device.login, 'AppleAppStore');
    expect(subs.map((s) => [s.status, s.expiration_date])).toEqual([
      ['Renewed', new Date(renewal.expiresDate).toISOString()],
    ]);
    expect((await redeliver(renewal.notification!)).body.outcome).toBe('duplicate');
    await saved(t, device, '/billing/app-store/save', {
      receipt: renewal.signedTransaction,
      original_transaction_id: original,
    });
    expect(await entries(device)).toEqual([
      ['Charged', 799],
      ['Renewed', 799],
    ]);
  });

  it('DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED stops the renewal, access until the expiry', async () => {
    const { device, original } = await buyAndSave();
    const told = await hook<Told>('app-store/_test/cancel', { originalTransactionId: original });
    expect(told.notification.status).toBe(200);
    expect((await subscriptionsOf(db, device.login, 'AppleAppStore')).map((s) => s.status)).toEqual(['Cancelled']);
    expect((await customerOf(t, device)).hasValidSubscription).toBe(true);
    expect((await notificationRecord('AppleAppStore', told.notification.notificationUUID))?.detail).toBe(
      'DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED: cancelled applied',
    );
  });

  it('REFUND ends access now and refunds the term in the ledger; redelivered, once', async () => {
    const { device, original } = await buyAndSave();
    const told = await hook<Told>('app-store/_test/refund', { originalTransactionId: original });
    expect(told.notification.status).toBe(200);
    expect((await redeliver(told.notification)).body.outcome).toBe('duplicate');
    expect((await subscriptionsOf(db, device.login, 'AppleAppStore')).map((s) => s.status)).toEqual(['Refunded']);
    expect((await customerOf(t, device)).hasValidSubscription).toBe(false);
    expect(await entries(device)).toEqual([
      ['Charged', 799],
      ['Refunded', -799],
    ]);
  });

  it('REVOKE (Family Sharing withdrawn) ends access, no money given back', async () => {
    const { device, original } = await buyAndSave();
    const told = await hook<Told>('app-store/_test/refund', { originalTransactionId: original, revoke: true });
    expect(told.notification.status).toBe(200);
    expect((await subscriptionsOf(db, device.login, 'AppleAppStore')).map((s) => s.status)).toEqual(['Refunded']);
    expect(await entries(device)).toEqual([
      ['Charged', 799],
      ['Refunded', 0],
    ]);
  });

  it('a notification signed by another chain is refused (401), and one of a purchase not saved here acknowledged', async () => {
    const { device, original } = await buyAndSave();
    const forged = await hook<Told>('app-store/_test/refund', { originalTransactionId: original, forgedChain: true });
    expect(forged.notification.status).toBe(401);
    expect((await subscriptionsOf(db, device.login, 'AppleAppStore')).map((s) => s.status)).toEqual(['Paid']);
    const stranger = await hook<Signed>('app-store/_test/purchase', { sku: 'playz_monthly' });
    const told = await hook<Told>('app-store/_test/cancel', { originalTransactionId: stranger.originalTransactionId });
    expect(told.notification.status).toBe(200);
    expect((await notificationRecord('AppleAppStore', told.notification.notificationUUID))?.detail).toBe(
      'DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED: unknown purchase',
    );
  });
});

describe('spec 3 §4 Amazon Real-Time Notifications over SNS (POST /billing/callbacks/amazon-pay)', () => {
  interface PurchaseResponse {
    purchaseReceipt: { receiptId: string };
    userData: { userId: string };
  }
  type Told = { renewalDate: number; cancelDate: number | null; notification: Sent & { messageId: string } };
  const buyAndSave = async () => {
    const fire = await deviceOn(t, 'FireOS');
    const userId = `amzn1.account.${Math.random().toString(36).slice(2).toUpperCase()}`;
    const response = await hook<PurchaseResponse>('amazon-pay/_test/purchase', { userId, sku: 'subscription_1_99' });
    await saved(t, fire, '/billing/amazon-pay/save', {
      purchase: JSON.stringify({ sku: 'subscription_1_99' }),
      response: JSON.stringify({ ...response, status: 'SUCCESSFUL' }),
    });
    return { fire, receiptId: response.purchaseReceipt.receiptId, userId };
  };

  it('a renewal read at the RVS extends to its new renewal date once; the SNS redelivery is a duplicate', async () => {
    const { fire, receiptId } = await buyAndSave();
    const renewed = await hook<Told>('amazon-pay/_test/renew', { receiptId });
    expect(renewed.notification.status).toBe(200);
    const subs = await subscriptionsOf(db, fire.login, 'AmazonPay');
    expect(subs.map((s) => [s.status, s.expiration_date])).toEqual([
      ['Renewed', new Date(renewed.renewalDate).toISOString()],
    ]);
    expect((await redeliver(renewed.notification)).body.outcome).toBe('duplicate');
    // The weekly offer's first week is its free trial here (the RVS states no price).
    expect(await entries(fire)).toEqual([
      ['TrialStarted', 0],
      ['Renewed', 199],
    ]);
  });

  it('a cancellation keeps access to the cancel date; one that ended access already ends it here too', async () => {
    const kept = await buyAndSave();
    const cancelled = await hook<Told>('amazon-pay/_test/cancel', { receiptId: kept.receiptId });
    expect(cancelled.notification.status).toBe(200);
    expect((await subscriptionsOf(db, kept.fire.login, 'AmazonPay')).map((s) => s.status)).toEqual(['Cancelled']);
    expect((await customerOf(t, kept.fire)).hasValidSubscription).toBe(true);

    const ended = await buyAndSave();
    const told = await hook<Told>('amazon-pay/_test/cancel', { receiptId: ended.receiptId, ended: true });
    expect(told.notification.status).toBe(200);
    const [sub] = await subscriptionsOf(db, ended.fire.login, 'AmazonPay');
    expect([sub?.status, sub?.expiration_date]).toEqual(['Cancelled', new Date(told.cancelDate!).toISOString()]);
    expect((await customerOf(t, ended.fire)).hasValidSubscription).toBe(false);
  });

  it('the SubscriptionConfirmation SNS sends first is checked and acknowledged; changed, it is refused', async () => {
    const { notification } = await hook<{ notification: Sent }>('amazon-pay/_test/register-endpoint', {});
    expect(notification.status).toBe(200);
    const confirmation = JSON.parse(notification.body) as Record<string, string>;
    const again = await redeliver(notification);
    expect([again.status, again.body.outcome]).toEqual([200, 'confirmation']);
    const changed = { ...notification, body: JSON.stringify({ ...confirmation, Token: 'another-token' }) };
    expect((await redeliver(changed)).status).toBe(401);
  });

  it('a message signed by another key is refused (401); one of a receipt never saved here is acknowledged', async () => {
    const { fire, receiptId } = await buyAndSave();
    const forged = await hook<Told>('amazon-pay/_test/cancel', { receiptId, forged: true });
    expect(forged.notification.status).toBe(401);
    expect((await subscriptionsOf(db, fire.login, 'AmazonPay')).map((s) => s.status)).toEqual(['Paid']);
    const stranger = await hook<PurchaseResponse>('amazon-pay/_test/purchase', {
      userId: 'amzn1.account.STRANGER',
      sku: 'subscription_1_99',
    });
    const told = await hook<Told>('amazon-pay/_test/renew', { receiptId: stranger.purchaseReceipt.receiptId });
    expect(told.notification.status).toBe(200);
    expect((await notificationRecord('AmazonPay', told.notification.messageId))?.detail).toBe(
      'SUBSCRIPTION_RENEWED: unknown purchase',
    );
  });
});
