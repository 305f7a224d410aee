import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleSandboxPushToken } from '@playz/provider-sandbox';
import { openDatabase } from '../accounts-test-support';
import { deviceOn, ledgerOf, saved, subscriptionsOf } from '../billing-stores-test-support';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/connect';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Store server notifications (decision 085) are a door to money: a refund or a cancellation from
 * anyone who can reach the URL. Pass rule: a Google Play push without Google's OIDC token for our
 * audience and push account (forged key, unsigned, expired, another audience or account), and an
 * App Store notification not signed on the trusted chain (another root, unsigned, tampered), and
 * an Amazon SNS delivery not signed by SNS for our topic (another key, a certificate from another
 * host, another topic, a changed message, no signature) are refused (401) and leave no trace in subscriptions, ledger or billing events; a genuine one
 * replayed, one after the other and all at once, applies once; a genuine Google token on a body
 * that lies (REVOKED for a purchase Google still gives access to) changes nothing, since the
 * purchase is read again at Google.
 */
let t: TestApp;
let db: Db;
let base: string;
let refused = 0;
let replays = 0;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  base = t.config.publicUrl;
});
afterAll(async () => {
  report('store notifications', { refused, replays });
  await db.close();
  await t.close();
});

const hook = async <T>(path: string, body: object): Promise<T> => {
  const res = await fetch(`${base}/sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
const deliver = async (url: string, body: string, authorization?: string) =>
  (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body,
    })
  ).status;
const eventCount = async () =>
  Number(
    (
      await db.db
        .selectFrom('billing_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('spec 3 §4 store notifications: forged, unsigned and replayed', () => {
  it('a production start refuses the stand-in’s Pub/Sub push account; the demo mode trusts only the stand-in’s keys', () => {
    const production = { NODE_ENV: 'production', STREAM_SECRET: 'a-secret-of-the-operator-s-own-0123456789' };
    expect(() =>
      loadConfig({
        ...production,
        GOOGLE_PLAY_PACKAGE_NAME: 'fr.playz.androidtv',
        GOOGLE_PLAY_SERVICE_ACCOUNT_JSON: JSON.stringify({
          client_email: 'billing@playz.iam.gserviceaccount.com',
          private_key: 'k',
        }),
        GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT: 'pubsub-push@playz-sandbox.iam.gserviceaccount.com',
      }),
    ).toThrow(/GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT: a key published with the stand-ins/);
    const real = loadConfig({
      ...production,
      GOOGLE_PLAY_PACKAGE_NAME: 'fr.playz.androidtv',
      GOOGLE_PLAY_SERVICE_ACCOUNT_JSON: JSON.stringify({
        client_email: 'billing@playz.iam.gserviceaccount.com',
        private_key: 'k',
      }),
      GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT: 'rtdn-push@playz.iam.gserviceaccount.com',
      PUBLIC_URL: 'https://www.playz.fr',
    });
    // Google's own keys and issuer, our endpoint as the audience: never the stand-in's.
    expect(real.billing.stores.googlePlay?.push).toEqual({
      serviceAccountEmail: 'rtdn-push@playz.iam.gserviceaccount.com',
      audience: 'https://www.playz.fr/billing/callbacks/google-play',
      certsUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
    expect(t.config.billing.stores.googlePlay?.push?.certsUrl).toBe(`${base}/sandbox/google-play/oauth2/v3/certs`);

    const amazon = {
      AMAZON_RVS_URL: 'https://appstore-sdk.amazon.com',
      AMAZON_DEVELOPER_SECRET: '2:our-own-secret-0123',
    };
    expect(() =>
      loadConfig({
        ...production,
        ...amazon,
        AMAZON_RTN_TOPIC_ARN: 'arn:aws:sns:us-east-1:000000000000:playz-sandbox-rtn',
      }),
    ).toThrow(/AMAZON_RTN_TOPIC_ARN: a key published with the stand-ins/);
    const rtn = loadConfig({
      ...production,
      ...amazon,
      AMAZON_RTN_TOPIC_ARN: 'arn:aws:sns:us-east-1:033616359524:LT0XA',
    }).billing.stores.amazon?.rtn;
    expect(rtn?.topicArn).toBe('arn:aws:sns:us-east-1:033616359524:LT0XA');
    // Only SNS's own hosts over https sign for real: never the stand-in's certificate path.
    expect(
      [
        'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-a86cb10b4e1f29c941702d737128f7b6.pem',
        `${base}/sandbox/amazon-pay/sns/SimpleNotificationService-sandbox.pem`,
        'http://sns.us-east-1.amazonaws.com/SimpleNotificationService-x.pem',
        'https://sns.us-east-1.amazonaws.com.evil.example/SimpleNotificationService-x.pem',
      ].map((url) => rtn?.certUrlAllowed(url)),
    ).toEqual([true, false, false, false]);
  });

  it('Google Play: pushes without Google’s token for our audience and account are refused and leave no trace', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await hook<{ json: string; signature: string; purchaseToken: string }>(
      'google-play/_test/purchase',
      { sku: 'playz_monthly' },
    );
    await saved(t, tv, '/billing/google-play/save', { json: bought.json, signature: bought.signature });
    const url = `${base}/billing/callbacks/google-play`;
    const body = (type: number, id: string) =>
      JSON.stringify({
        message: {
          messageId: id,
          data: Buffer.from(
            JSON.stringify({
              packageName: 'fr.playz.androidtv',
              subscriptionNotification: { notificationType: type, purchaseToken: bought.purchaseToken },
            }),
          ).toString('base64'),
        },
        subscription: 'projects/playz/subscriptions/rtdn',
      });
    const before = await eventCount();
    const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
    const bad = [
      `Bearer ${googleSandboxPushToken(url, { forged: true })}`,
      `Bearer ${googleSandboxPushToken(url, { email: 'attacker@evil.iam.gserviceaccount.com' })}`,
      `Bearer ${googleSandboxPushToken(`${base}/billing/callbacks/app-store`)}`,
      `Bearer ${googleSandboxPushToken(url, { issuedAt: twoHoursAgo })}`,
      `Bearer ${googleSandboxPushToken(url).split('.').slice(0, 2).join('.')}.`,
      'Basic Z29vZ2xlOmdvb2dsZQ==',
      undefined,
    ];
    for (const [i, authorization] of bad.entries()) {
      expect(await deliver(url, body(3, `forged-cancel-${i}`), authorization), String(authorization)).toBe(401);
      expect(await deliver(url, body(12, `forged-revoke-${i}`), authorization)).toBe(401);
      refused += 2;
    }
    expect(await eventCount()).toBe(before);
    expect((await subscriptionsOf(db, tv.login, 'GooglePlay')).map((s) => s.status)).toEqual(['Paid']);

    // Google's genuine token on a body that lies: the purchase read at Google still gives access.
    expect(await deliver(url, body(12, 'lying-revoke'), `Bearer ${googleSandboxPushToken(url)}`)).toBe(200);
    expect((await subscriptionsOf(db, tv.login, 'GooglePlay')).map((s) => s.status)).toEqual(['Paid']);
    expect((await ledgerOf(db, tv.login)).map((l) => l.entry)).toEqual(['Charged']);

    // The genuine revocation, replayed 10 times in turn and 10 at once: one refund.
    const revoked = await hook<{ notification: { body: string; authorization: string } }>('google-play/_test/revoke', {
      token: bought.purchaseToken,
    });
    for (let i = 0; i < 10; i++)
      expect(await deliver(url, revoked.notification.body, revoked.notification.authorization)).toBe(200);
    const together = await Promise.all(
      Array.from({ length: 10 }, () => deliver(url, revoked.notification.body, revoked.notification.authorization)),
    );
    expect(together.every((s) => s === 200)).toBe(true);
    replays += 20;
    expect((await ledgerOf(db, tv.login)).map((l) => [l.entry, l.amount_cents])).toEqual([
      ['Charged', 799],
      ['Refunded', -799],
    ]);
  });

  it('App Store: notifications not signed on the trusted chain are refused and leave no trace; a replay applies once', async () => {
    const device = await deviceOn(t, 'Web');
    const first = await hook<{ signedTransaction: string; originalTransactionId: string }>('app-store/_test/purchase', {
      sku: 'playz_monthly',
    });
    await saved(t, device, '/billing/app-store/save', {
      receipt: first.signedTransaction,
      original_transaction_id: first.originalTransactionId,
    });
    const url = `${base}/billing/callbacks/app-store`;
    const before = await eventCount();
    type Told = { notification: { status: number; body: string } };
    const forged = await hook<Told>('app-store/_test/refund', {
      originalTransactionId: first.originalTransactionId,
      forgedChain: true,
    });
    expect(forged.notification.status).toBe(401);
    // The genuine one, taken apart: its payload changed under the same signature, no signature, none at all.
    const genuine = await hook<Told>('app-store/_test/cancel', { originalTransactionId: first.originalTransactionId });
    const [header, payload, signature] = (
      JSON.parse(genuine.notification.body) as { signedPayload: string }
    ).signedPayload.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(
      JSON.stringify({
        ...claims,
        notificationType: 'REFUND',
        subtype: undefined,
        notificationUUID: 'f0f0f0f0-0000-4000-8000-000000000000',
      }),
    ).toString('base64url');
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    for (const body of [
      JSON.stringify({ signedPayload: `${header}.${tampered}.${signature}` }),
      JSON.stringify({ signedPayload: `${unsignedHeader}.${tampered}.` }),
      JSON.stringify({ signedPayload: `${header}.${tampered}` }),
      JSON.stringify({}),
    ]) {
      expect(await deliver(url, body), body.slice(0, 60)).toBe(401);
      refused += 1;
    }
    // Only the genuine cancel (applied, and its record) got through.
    expect(await eventCount()).toBe(before + 2);
    expect((await subscriptionsOf(db, device.login, 'AppleAppStore')).map((s) => s.status)).toEqual(['Cancelled']);

    const refund = await hook<Told>('app-store/_test/refund', { originalTransactionId: first.originalTransactionId });
    expect(refund.notification.status).toBe(200);
    const again = await Promise.all(Array.from({ length: 10 }, () => deliver(url, refund.notification.body)));
    expect(again.every((s) => s === 200)).toBe(true);
    replays += 10;
    expect((await ledgerOf(db, device.login)).map((l) => [l.entry, l.amount_cents])).toEqual([
      ['Charged', 799],
      ['Cancelled', 0],
      ['Refunded', -799],
    ]);
  });

  it('Amazon: SNS deliveries not signed for our topic by a certificate of SNS’s hosts are refused and leave no trace', async () => {
    const fire = await deviceOn(t, 'FireOS');
    const response = await hook<{ purchaseReceipt: { receiptId: string } }>('amazon-pay/_test/purchase', {
      userId: 'amzn1.account.SECURITYCHECK',
      sku: 'playz_monthly',
    });
    await saved(t, fire, '/billing/amazon-pay/save', {
      purchase: JSON.stringify({ sku: 'playz_monthly' }),
      response: JSON.stringify({ ...response, status: 'SUCCESSFUL' }),
    });
    const url = `${base}/billing/callbacks/amazon-pay`;
    const before = await eventCount();
    type Told = { notification: { status: number; body: string } };
    // A genuine delivery, taken apart and sent again under new ids so the duplicate check cannot hide it.
    const renewed = await hook<Told>('amazon-pay/_test/renew', { receiptId: response.purchaseReceipt.receiptId });
    expect(renewed.notification.status).toBe(200);
    const genuine = JSON.parse(renewed.notification.body) as Record<string, string>;
    const afterGenuine = await eventCount();
    const variants: Record<string, string | undefined>[] = [
      { MessageId: 'changed-1', Message: genuine.Message!.replace('SUBSCRIPTION_RENEWED', 'SUBSCRIPTION_CANCELLED') },
      { MessageId: 'changed-2', SigningCertURL: 'https://evil.example/sns.amazonaws.com/cert.pem' },
      { MessageId: 'changed-3', SigningCertURL: 'http://sns.us-east-1.amazonaws.com.evil.example/x.pem' },
      { MessageId: 'changed-4', TopicArn: 'arn:aws:sns:us-east-1:111122223333:attacker' },
      { MessageId: 'changed-5', Signature: undefined },
      { MessageId: 'changed-6', SignatureVersion: '3' },
    ];
    for (const change of variants) {
      const body = JSON.stringify({ ...genuine, ...change });
      expect(await deliver(url, body), JSON.stringify(change)).toBe(401);
      refused += 1;
    }
    expect(await eventCount()).toBe(afterGenuine);
    // Only the genuine renewal (applied, and its record) got through.
    expect(afterGenuine).toBe(before + 2);
    const again = await Promise.all(Array.from({ length: 10 }, () => deliver(url, renewed.notification.body)));
    expect(again.every((s) => s === 200)).toBe(true);
    replays += 10;
    // The offer's first month is its free trial here (the RVS states no price).
    expect((await ledgerOf(db, fire.login)).map((l) => l.entry)).toEqual(['TrialStarted', 'Renewed']);
    // Last, since the viewer's cancel happens at the stand-in whatever the delivery: signed by another key.
    const forged = await hook<Told>('amazon-pay/_test/cancel', {
      receiptId: response.purchaseReceipt.receiptId,
      forged: true,
    });
    expect(forged.notification.status).toBe(401);
    refused += 1;
    expect((await subscriptionsOf(db, fire.login, 'AmazonPay')).map((s) => s.status)).toEqual(['Renewed']);
    expect(await eventCount()).toBe(afterGenuine);
  });
});
