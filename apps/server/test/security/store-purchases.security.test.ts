import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAccountTokens } from '@playz/domain';
import type { Db } from '../../src/db/connect';
import { errorNumber, openDatabase } from '../accounts-test-support';
import { customerIdOf, deviceOn, saved, storePost, type Device } from '../billing-stores-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * One-off store purchases (spec 3 §3 Purchase, §7 save calls with purchase_content; decision 093).
 * A store receipt is money the store took once for one item. Threats: a forged receipt (a made-up
 * Play token, a transaction signed by another chain), a receipt replayed by another account or
 * for another film, a receipt the app bought for one item posted for another, two accounts
 * posting the same receipt at the same instant, and a forged refund notice. Pass rule: each is
 * refused (30, or 401 for the notice) and grants or ends nothing; one receipt is one purchase row,
 * of one customer, for one item.
 */
const FILM = JSON.stringify({ contentType: 'Content', contentTypeID: 1001 });
const OTHER_FILM = JSON.stringify({ contentType: 'Content', contentTypeID: 1002 });

const figures = { attempts: 0, refused: 0, purchasesGranted: 0 };
let t: TestApp;
let db: Db;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  base = `${t.config.publicUrl}/sandbox`;
});
afterAll(async () => {
  report('store one-off purchases', figures);
  await db.close();
  await t.close();
});

const hook = async <T>(path: string, body: object): Promise<T> => {
  const res = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const allPurchases = () => db.db.selectFrom('purchases').select(['customer_id', 'content_type_id', 'status']).execute();

/** Posts and counts: answers the error number. */
async function attempt(device: Device, path: string, fields: Record<string, string>) {
  figures.attempts += 1;
  const number = errorNumber(await storePost(t, device, path, fields));
  if (number !== 0) figures.refused += 1;
  return number;
}

interface PlayBought {
  json: string;
  signature: string;
  purchaseToken: string;
}
const playBuy = (profile?: string) =>
  hook<PlayBought>('google-play/_test/purchase-product', {
    sku: 'playz_rental_48h',
    ...(profile ? { obfuscatedExternalProfileId: profile } : {}),
  });
const play = (bought: PlayBought, what: string) => ({
  json: bought.json,
  signature: bought.signature,
  purchase_content: what,
});

describe('spec 3 §7 store saves with purchase_content refuse what the store did not sell this account for this item', () => {
  it('a made-up Play purchase token and a transaction signed by another chain are 30', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const real = JSON.parse((await playBuy()).json) as Record<string, unknown>;
    const forged = JSON.stringify({ ...real, purchaseToken: `${randomBytes(12).toString('hex')}.AO-J1Oz-forged` });
    expect(
      await attempt(tv, '/billing/google-play/save', { json: forged, signature: 'x', purchase_content: FILM }),
    ).toBe(30);
    const rogue = await hook<{ signedTransaction: string }>('app-store/_test/purchase', {
      sku: 'playz_rental_48h',
      forgedChain: true,
    });
    expect(
      await attempt(tv, '/billing/app-store/save', { receipt: rogue.signedTransaction, purchase_content: FILM }),
    ).toBe(30);
    expect(await allPurchases()).toEqual([]);
  });

  it('a granted Play purchase replayed by another account, or for another film, is 30; the first grant stays alone', async () => {
    const owner = await deviceOn(t, 'AndroidTV');
    const thief = await deviceOn(t, 'AndroidTV');
    const bought = await playBuy();
    await saved(t, owner, '/billing/google-play/save', play(bought, FILM));
    figures.purchasesGranted += 1;
    expect(await attempt(thief, '/billing/google-play/save', play(bought, FILM))).toBe(30);
    expect(await attempt(owner, '/billing/google-play/save', play(bought, OTHER_FILM))).toBe(30);
    const ownerId = await customerIdOf(db, owner.login);
    expect(
      (await allPurchases())
        .filter((p) => p.customer_id === ownerId || p.customer_id === null)
        .map((p) => p.content_type_id),
    ).toEqual([1001]);
    const thiefId = await customerIdOf(db, thief.login);
    expect((await allPurchases()).filter((p) => p.customer_id === thiefId)).toEqual([]);
  });

  it('a purchase the app made for one film (Play obfuscatedExternalProfileId) is 30 for another', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await playBuy('Content:1001');
    expect(await attempt(tv, '/billing/google-play/save', play(bought, OTHER_FILM))).toBe(30);
    const id = await customerIdOf(db, tv.login);
    expect((await allPurchases()).filter((p) => p.customer_id === id)).toEqual([]);
  });

  it('a Play purchase naming another account (obfuscatedExternalAccountId) is 30', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const other = await deviceOn(t, 'AndroidTV');
    const bought = await hook<PlayBought>('google-play/_test/purchase-product', {
      sku: 'playz_rental_48h',
      obfuscatedExternalAccountId: (await storeAccountTokens(String(await customerIdOf(db, other.login)))).googlePlay,
    });
    expect(await attempt(tv, '/billing/google-play/save', play(bought, FILM))).toBe(30);
  });

  it('two accounts posting the same receipt at the same instant: one purchase, the other 30', async () => {
    const first = await deviceOn(t, 'AndroidTV');
    const second = await deviceOn(t, 'AndroidTV');
    const bought = await playBuy();
    const numbers = await Promise.all([
      attempt(first, '/billing/google-play/save', play(bought, FILM)),
      attempt(second, '/billing/google-play/save', play(bought, FILM)),
    ]);
    expect(numbers.sort()).toEqual([0, 30]);
    figures.purchasesGranted += 1;
    const ids = [await customerIdOf(db, first.login), await customerIdOf(db, second.login)];
    expect((await allPurchases()).filter((p) => ids.includes(p.customer_id)).length).toBe(1);
  });

  it('an App Store refund notice signed by another chain is 401 and the rental stays', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    const bought = await hook<{ signedTransaction: string; originalTransactionId: string }>(
      'app-store/_test/purchase',
      {
        sku: 'playz_rental_48h',
      },
    );
    await saved(t, tv, '/billing/app-store/save', { receipt: bought.signedTransaction, purchase_content: FILM });
    figures.purchasesGranted += 1;
    const forged = await hook<{ notification: { status: number } }>('app-store/_test/refund', {
      originalTransactionId: bought.originalTransactionId,
      forgedChain: true,
    });
    expect(forged.notification.status).toBe(401);
    const id = await customerIdOf(db, tv.login);
    expect((await allPurchases()).filter((p) => p.customer_id === id).map((p) => p.status)).toEqual(['Paid']);
  });
});
