import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import type { TestApp } from './test-app';
import { errorNumber } from './accounts-test-support';
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
} from './billing-stores-test-support';

// Orange app shop on the operator set-top box (spec 3 §4 Orange flow, §7 orange-appshoptv check,
// save, unsubscribe with param_type, ise2, apitoken and the box's wassup auth; §8 I09/I10;
// decision 029) against the app shop stand-in.
let t: TestApp;
let db: Db;
let shop: string;
beforeAll(async () => void ({ t, db, url: shop } = await startStoreApp('orange-appshoptv')));
afterAll(() => closeStoreApp(t, db));

/** An Orange line on a box: the box reads ise2 and apitoken from GET {server}AUTH/api/wassup?format=json. */
async function orangeLine(opts: { overQuota?: boolean } = {}) {
  await fetch(`${shop}/_test/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(opts),
  });
  const auth = (await (await fetch(`${shop}/AUTH/api/wassup?format=json`)).json()) as {
    error: { code: number };
    ise2: string;
    apitoken: string;
  };
  expect(auth.error.code).toBe(0);
  return { ise2: auth.ise2, apitoken: auth.apitoken, param_type: 'playz_monthly' };
}
const call = (box: Device, path: string, fields: Record<string, string>) =>
  storePost(t, box, `/billing/orange-appshoptv/${path}`, fields);

describe('orange-appshoptv check and save', () => {
  it('check answers 0, save subscribes at Orange once, check then answers 1', async () => {
    const box = await deviceOn(t, 'OrangeSTB');
    const line = await orangeLine();
    const before = await call(box, 'check', line);
    expect(before.json().Response.Result).toBe(0);
    expect((await saved(t, box, '/billing/orange-appshoptv/save', line)).hasValidSubscription).toBe(true);
    await saved(t, box, '/billing/orange-appshoptv/save', line);
    expect((await call(box, 'check', line)).json().Response.Result).toBe(1);
    expect((await subscriptionsOf(db, box.login, 'OrangeAppshopTV')).map((s) => [s.status, s.price_cents])).toEqual([
      ['Paid', 799],
    ]);
    expect((await ledgerOf(db, box.login)).map((l) => [l.entry, l.amount_cents])).toEqual([['Charged', 799]]);
  });

  it('OverQuotaFault is its own error (the box shows I10), nothing saved', async () => {
    const box = await deviceOn(t, 'OrangeSTB');
    const res = await call(box, 'save', await orangeLine({ overQuota: true }));
    expect(res.json().Error).toMatchObject({ Number: 1, Message: 'OverQuotaFault' });
    expect(await subscriptionsOf(db, box.login, 'OrangeAppshopTV')).toEqual([]);
  });

  it('a wrong apitoken is refused (30); the subscription of another Playz account’s line too', async () => {
    const box = await deviceOn(t, 'OrangeSTB');
    const line = await orangeLine();
    expect(errorNumber(await call(box, 'save', { ...line, apitoken: 'forged' }))).toBe(30);
    await saved(t, box, '/billing/orange-appshoptv/save', line);
    const other = await deviceOn(t, 'OrangeSTB');
    expect(errorNumber(await call(other, 'save', line))).toBe(30);
    expect(errorNumber(await call(other, 'check', line))).toBe(30);
    expect((await customerOf(t, other)).hasValidSubscription).toBe(false);
  });

  it('is the set-top box store: an Android TV posting Orange parameters is refused (4)', async () => {
    const tv = await deviceOn(t, 'AndroidTV');
    expect(errorNumber(await call(tv, 'save', await orangeLine()))).toBe(4);
  });
});

describe('orange-appshoptv unsubscribe', () => {
  it('stops the renewal at Orange and here; access lasts until the end date', async () => {
    const box = await deviceOn(t, 'OrangeSTB');
    const line = await orangeLine();
    await saved(t, box, '/billing/orange-appshoptv/save', line);
    const customer = await saved(t, box, '/billing/orange-appshoptv/unsubscribe', line);
    expect(customer.hasValidSubscription).toBe(true);
    expect((await subscriptionsOf(db, box.login, 'OrangeAppshopTV')).map((s) => s.status)).toEqual(['Cancelled']);
    // Again: Orange has it cancelled already, which is a success.
    await saved(t, box, '/billing/orange-appshoptv/unsubscribe', line);
  });

  it('without a subscription at Orange answers 30 (nothing to unsubscribe)', async () => {
    const box = await deviceOn(t, 'OrangeSTB');
    expect(errorNumber(await call(box, 'unsubscribe', await orangeLine()))).toBe(30);
  });
});
