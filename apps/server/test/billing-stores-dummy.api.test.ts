import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, openDatabase } from './accounts-test-support';
import { customerOf, deviceOn, ledgerOf, saved, storePost, subscriptionsOf } from './billing-stores-test-support';

// Dummy store (spec 3 §4 "prepare after 1 s, then save with a random id"; §7 "POST save and
// restore for dummy … random uuid → Result 1 with Customer"; decision 029).
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = openDatabase(t.config);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

describe('POST /billing/dummy/save and /restore', () => {
  it('a random id saved gives one subscription to the weekly offer; saving it again changes nothing', async () => {
    const device = await deviceOn(t, 'Tizen');
    const receipt = randomUUID();
    const customer = await saved(t, device, '/billing/dummy/save', { receipt });
    expect(customer.hasValidSubscription).toBe(true);
    await saved(t, device, '/billing/dummy/save', { receipt });
    const subs = await subscriptionsOf(db, device.login, 'Dummy');
    expect(subs).toHaveLength(1);
    // First week free (decision 025 terms), then 1.99 € a week.
    expect(subs[0]).toMatchObject({ status: 'Paid', price_cents: 199, provider_ref: receipt });
    expect((await ledgerOf(db, device.login)).map((l) => [l.entry, l.amount_cents])).toEqual([['TrialStarted', 0]]);
    expect((await customerOf(t, device)).hasValidSubscription).toBe(true);
  });

  it('restore re-attaches to the same customer and never makes a second subscription', async () => {
    const device = await deviceOn(t, 'FireOS');
    const receipt = randomUUID();
    await saved(t, device, '/billing/dummy/save', { receipt, sku: 'playz_replay_monthly' });
    const customer = await saved(t, device, '/billing/dummy/restore', { receipt, sku: 'playz_replay_monthly' });
    expect(customer.hasValidSubscription).toBe(true);
    const subs = await subscriptionsOf(db, device.login, 'Dummy');
    expect(subs.map((s) => [s.status, s.price_cents])).toEqual([['Paid', 499]]);
  });

  it('a receipt already used by another account is refused (30) and changes nothing there', async () => {
    const first = await deviceOn(t, 'AndroidTV');
    const other = await deviceOn(t, 'AndroidTV');
    const receipt = randomUUID();
    await saved(t, first, '/billing/dummy/save', { receipt });
    expect(errorNumber(await storePost(t, other, '/billing/dummy/save', { receipt }))).toBe(30);
    expect(errorNumber(await storePost(t, other, '/billing/dummy/restore', { receipt }))).toBe(30);
    expect(await subscriptionsOf(db, other.login, 'Dummy')).toEqual([]);
    expect((await customerOf(t, other)).hasValidSubscription).toBe(false);
  });

  it('the same receipt saved by two accounts at once binds one of them only', async () => {
    const a = await deviceOn(t, 'Tizen');
    const b = await deviceOn(t, 'Tizen');
    const receipt = randomUUID();
    const answers = await Promise.all([
      storePost(t, a, '/billing/dummy/save', { receipt }),
      storePost(t, b, '/billing/dummy/save', { receipt }),
    ]);
    expect(answers.map(errorNumber).sort()).toEqual([0, 30]);
    const subs = [...(await subscriptionsOf(db, a.login, 'Dummy')), ...(await subscriptionsOf(db, b.login, 'Dummy'))];
    expect(subs).toHaveLength(1);
  });

  it('what is not a uuid is not a receipt (3, contract); an unknown SKU is 31; without a session 11', async () => {
    const device = await deviceOn(t, 'Tizen');
    expect(errorNumber(await storePost(t, device, '/billing/dummy/save', { receipt: 'abc' }))).toBe(3);
    expect(
      errorNumber(await storePost(t, device, '/billing/dummy/save', { receipt: randomUUID(), sku: 'nothing' })),
    ).toBe(31);
    expect(
      errorNumber(await storePost(t, { ...device, cookie: '' }, '/billing/dummy/save', { receipt: randomUUID() })),
    ).toBe(11);
    expect(await subscriptionsOf(db, device.login, 'Dummy')).toEqual([]);
  });
});
