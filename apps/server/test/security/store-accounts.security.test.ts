import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAccountTokens } from '@playz/domain';
import type { Db } from '../../src/db/connect';
import { errorNumber, openDatabase } from '../accounts-test-support';
import {
  customerIdOf,
  customerOf,
  deviceOn,
  storePost,
  subscriptionsOf,
  type Device,
} from '../billing-stores-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Store receipts bound to the account that bought them (decision 073). A Google Play or App Store
 * receipt was bound to its first saver: whoever posted A's purchase token or signed transaction
 * first (read off A's device, a shared TV, a log) got A's subscription, and A got 30. The apps now
 * tell the store the buying account at purchase (Play's obfuscatedExternalAccountId, StoreKit's
 * appAccountToken, both derived from the customer), and the store's own record carries it back.
 * Pass rule: a receipt naming another account is 30 and gives nothing, also posted first; the
 * account it names saves it (the control); a receipt naming none keeps the first-saver rule.
 */
const figures = { receipts: 0, refused: 0 };
let t: TestApp;
let db: Db;
let sandbox: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  sandbox = `${t.config.publicUrl}/sandbox`;
});
afterAll(async () => {
  report('store receipts naming their account', figures);
  await db.close();
  await t.close();
});

async function hook<T>(store: string, body: object): Promise<T> {
  const res = await fetch(`${sandbox}/${store}/_test/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function save(device: Device, path: string, fields: Record<string, string>) {
  figures.receipts += 1;
  const number = errorNumber(await storePost(t, device, path, fields));
  if (number === 30) figures.refused += 1;
  return number;
}

const tokensOf = async (device: Device) => storeAccountTokens(String(await customerIdOf(db, device.login)));

describe('spec 3 §7 google-play and app-store saves: the receipt is its buying account’s', () => {
  it('Google Play: a purchase naming A, saved first by B, is 30 for B and A’s own', async () => {
    const a = await deviceOn(t, 'AndroidTV');
    const b = await deviceOn(t, 'AndroidTV');
    const { json } = await hook<{ json: string }>('google-play', {
      sku: 'playz_monthly',
      obfuscatedExternalAccountId: (await tokensOf(a)).googlePlay,
    });
    expect(await save(b, '/billing/google-play/save', { json })).toBe(30);
    expect(await subscriptionsOf(db, b.login, 'GooglePlay')).toHaveLength(0);
    expect((await customerOf(t, b)).hasValidSubscription).toBe(false);
    expect(await save(a, '/billing/google-play/save', { json })).toBe(0);
    expect((await customerOf(t, a)).hasValidSubscription).toBe(true);
  });

  it('App Store: a transaction whose appAccountToken is A’s, saved first by B, is 30 for B and A’s own', async () => {
    const a = await deviceOn(t, 'Web');
    const b = await deviceOn(t, 'Web');
    const { signedTransaction } = await hook<{ signedTransaction: string }>('app-store', {
      sku: 'playz_monthly',
      appAccountToken: (await tokensOf(a)).appStore,
    });
    expect(await save(b, '/billing/app-store/save', { receipt: signedTransaction })).toBe(30);
    expect(await subscriptionsOf(db, b.login, 'AppleAppStore')).toHaveLength(0);
    expect(await save(a, '/billing/app-store/save', { receipt: signedTransaction })).toBe(0);
    expect((await customerOf(t, a)).hasValidSubscription).toBe(true);
  });

  it('the tokens are the shapes the stores take: 64 hex characters for Play, a UUID for Apple', async () => {
    const tokens = await storeAccountTokens('42');
    expect(tokens.googlePlay).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens.appStore).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await storeAccountTokens('42')).toEqual(tokens);
    expect((await storeAccountTokens('43')).googlePlay).not.toBe(tokens.googlePlay);
  });

  it('a receipt naming no account keeps the first-saver rule (older apps)', async () => {
    const b = await deviceOn(t, 'AndroidTV');
    const { json } = await hook<{ json: string }>('google-play', { sku: 'playz_monthly' });
    expect(await save(b, '/billing/google-play/save', { json })).toBe(0);
  });
});
