import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JWSTransactionDecodedPayload } from '@apple/app-store-server-library';
import { googleSandboxServiceAccount, startPaymentSandbox, type PaymentSandbox } from '@playz/provider-sandbox';
import { errorNumber } from '../accounts-test-support';
import { appleReceipt } from '../../src/modules/billing/providers/app-store/provider';
import { customerOf, deviceOn, storePost, type Device } from '../billing-stores-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * The stores' test purchases (decision 073): Amazon's App Tester (`testTransaction`), a Play
 * license tester (`testPurchase`), Apple's Sandbox. No money moves for them, and a production
 * start took them as paid subscriptions: anyone a store lets test (a tester account, a sideloaded
 * build) subscribed for free. Pass rule: in a production start (NODE_ENV=production, no
 * PLAYZ_DEMO), with Amazon and Google Play set up against stand-ins registered with keys of the
 * test's own (the published ones are refused there), a test purchase is 30 and gives nothing, a
 * real one is saved (the control); the demo mode takes the same test purchases (the control).
 */
const figures = { receipts: 0, refused: 0 };
const AMAZON_SECRET = `2:${randomBytes(16).toString('hex')}`;
let stores: PaymentSandbox;
let production: TestApp;
let demo: TestApp;
beforeAll(async () => {
  stores = await startPaymentSandbox({ amazonDeveloperSecret: AMAZON_SECRET });
  // The stand-in's Google service account is made in this process at run time: no published key.
  const google = googleSandboxServiceAccount();
  production = await createTestApp({
    env: {
      NODE_ENV: 'production',
      BILLING_JOB: '0',
      STREAM_SECRET: randomBytes(32).toString('hex'),
      AMAZON_RVS_URL: `${stores.url}/amazon-pay`,
      AMAZON_DEVELOPER_SECRET: AMAZON_SECRET,
      GOOGLE_PLAY_PACKAGE_NAME: 'fr.playz.androidtv',
      GOOGLE_PLAY_API_URL: `${stores.url}/google-play/`,
      GOOGLE_PLAY_SERVICE_ACCOUNT_JSON: JSON.stringify({
        client_email: google.client_email,
        private_key: google.private_key,
        token_uri: `${stores.url}/google-play/token`,
      }),
    },
  });
  expect(production.config.demo).toBe(false);
  demo = await createTestApp({ listen: true });
}, 60_000);
afterAll(async () => {
  report('store test purchases', figures);
  await production?.close();
  await demo?.close();
  await stores?.close();
});

async function purchase<T>(base: string, store: string, body: object): Promise<T> {
  const res = await fetch(`${base}/${store}/_test/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function save(t: TestApp, device: Device, path: string, fields: Record<string, string>) {
  figures.receipts += 1;
  const number = errorNumber(await storePost(t, device, path, fields));
  if (number === 30) figures.refused += 1;
  return number;
}

describe('a production start refuses the stores’ test purchases', () => {
  it('Amazon: a testTransaction receipt is 30 and gives nothing; a real one is saved', async () => {
    const d = await deviceOn(production, 'FireOS');
    const test = await purchase<object>(stores.url, 'amazon-pay', { userId: 'amzn1.account.T1', sku: 'playz_monthly' });
    expect(await save(production, d, '/billing/amazon-pay/save', { response: JSON.stringify(test) })).toBe(30);
    expect((await customerOf(production, d)).hasValidSubscription).toBe(false);
    const real = await purchase<object>(stores.url, 'amazon-pay', {
      userId: 'amzn1.account.T1',
      sku: 'playz_monthly',
      test: false,
    });
    expect(await save(production, d, '/billing/amazon-pay/save', { response: JSON.stringify(real) })).toBe(0);
    expect((await customerOf(production, d)).hasValidSubscription).toBe(true);
  });

  it('Google Play: a license tester’s purchase (testPurchase) is 30 and gives nothing; a real one is saved', async () => {
    const d = await deviceOn(production, 'AndroidTV');
    const test = await purchase<{ json: string }>(stores.url, 'google-play', { sku: 'playz_monthly' });
    expect(await save(production, d, '/billing/google-play/save', { json: test.json })).toBe(30);
    expect((await customerOf(production, d)).hasValidSubscription).toBe(false);
    const real = await purchase<{ json: string }>(stores.url, 'google-play', { sku: 'playz_monthly', test: false });
    expect(await save(production, d, '/billing/google-play/save', { json: real.json })).toBe(0);
    expect((await customerOf(production, d)).hasValidSubscription).toBe(true);
  });

  it('App Store: a Sandbox or Xcode transaction is a test purchase, a Production one is not', () => {
    const transaction = (environment: string) =>
      ({
        transactionId: '2000000000000001',
        originalTransactionId: '2000000000000001',
        productId: 'playz_monthly',
        price: 7990,
        currency: 'EUR',
        expiresDate: Date.now() + 86_400_000,
        environment,
      }) as JWSTransactionDecodedPayload;
    expect(appleReceipt(transaction('Sandbox'), new Date()).testPurchase).toBe(true);
    expect(appleReceipt(transaction('Xcode'), new Date()).testPurchase).toBe(true);
    expect(appleReceipt(transaction('Production'), new Date()).testPurchase).toBe(false);
  });
});

describe('the demo mode takes the stores’ test purchases (the control)', () => {
  it('Amazon and Google Play test purchases are saved', async () => {
    const sandbox = `${demo.config.publicUrl}/sandbox`;
    const fire = await deviceOn(demo, 'FireOS');
    const amazon = await purchase<object>(sandbox, 'amazon-pay', { userId: 'amzn1.account.T2', sku: 'playz_monthly' });
    expect(await save(demo, fire, '/billing/amazon-pay/save', { response: JSON.stringify(amazon) })).toBe(0);
    const android = await deviceOn(demo, 'AndroidTV');
    const play = await purchase<{ json: string }>(sandbox, 'google-play', { sku: 'playz_monthly' });
    expect(await save(demo, android, '/billing/google-play/save', { json: play.json })).toBe(0);
  });
});
