import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { openDatabase } from './accounts-test-support';
import { customerIdOf, deviceOn, ledgerOf, saved, subscriptionsOf, standInHook } from './billing-stores-test-support';

// The billing job and the stores (decision 029): stores renew on their side, so the job's charge
// reads the store; a term the store renewed is applied once whether the job or the device's
// restore sees it first; a term the store did not renew is a refused renewal (decision 025 retries).
let clock = new Date();
let t: TestApp;
let db: Db;
let dpi: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => clock });
  db = openDatabase(t.config);
  dpi = `${t.config.publicUrl}/sandbox/samsung-checkout`;
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const hook = <T>(path: string, body: object) => standInHook<T>(`${dpi}/_test/${path}`, body);
const runJob = () => t.app.billingJob.runOnce({ force: true });

describe('Samsung renewals through the billing job', () => {
  it('Samsung renewed: the job applies the next term once, a restore afterwards adds nothing', async () => {
    clock = new Date();
    const tv = await deviceOn(t, 'Tizen');
    const invoice = await hook<{ InvoiceID: string }>('purchase', {
      CustomID: String(await customerIdOf(db, tv.login)),
      ItemID: 'subscription_1_99',
    });
    await saved(t, tv, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID });
    const [sub] = await subscriptionsOf(db, tv.login, 'SamsungCheckout');
    await hook('renew', { InvoiceID: invoice.InvoiceID });
    clock = new Date(Date.parse(sub!.expiration_date) - 30 * 60_000);
    expect((await runJob()).renewed).toBe(1);
    await saved(t, tv, '/billing/samsung-checkout/restore', { invoice: invoice.InvoiceID });
    const [renewed] = await subscriptionsOf(db, tv.login, 'SamsungCheckout');
    expect(renewed!.status).toBe('Renewed');
    expect(Date.parse(renewed!.expiration_date)).toBeGreaterThan(Date.parse(sub!.expiration_date));
    expect((await ledgerOf(db, tv.login)).map((l) => [l.entry, l.amount_cents])).toEqual([
      ['Charged', 199],
      ['Renewed', 199],
    ]);
  });

  it('Samsung did not renew: the job records a refused renewal (ToRenew), no new term', async () => {
    clock = new Date();
    const tv = await deviceOn(t, 'Tizen');
    const invoice = await hook<{ InvoiceID: string }>('purchase', {
      CustomID: String(await customerIdOf(db, tv.login)),
      ItemID: 'subscription_1_99',
    });
    await saved(t, tv, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID });
    const [sub] = await subscriptionsOf(db, tv.login, 'SamsungCheckout');
    clock = new Date(Date.parse(sub!.expiration_date) - 30 * 60_000);
    await runJob();
    const [after] = await subscriptionsOf(db, tv.login, 'SamsungCheckout');
    expect(after).toMatchObject({ status: 'ToRenew', expiration_date: sub!.expiration_date });
  });
});
