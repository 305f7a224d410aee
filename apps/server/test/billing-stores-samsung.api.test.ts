import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import type { TestApp } from './test-app';
import { errorNumber, post } from './accounts-test-support';
import {
  customerIdOf,
  customerOf,
  deviceOn,
  ledgerOf,
  saved,
  storePost,
  subscriptionsOf,
  type Device,
  closeStoreApp,
  startStoreApp,
  standInHook,
} from './billing-stores-test-support';

// Samsung checkout (spec 3 §4 Samsung flow steps 5–7, restore, unsubscribe with 410410; §7 DPI
// calls; §8 Samsung codes; decision 029) against the DPI stand-in, over real HTTP.
let t: TestApp;
let db: Db;
let dpi: string;
beforeAll(async () => void ({ t, db, url: dpi } = await startStoreApp('samsung-checkout')));
afterAll(() => closeStoreApp(t, db));

interface Invoice {
  InvoiceID: string;
  AppliedStatus: boolean;
  SubscriptionInfo: { SubsEndTime: string };
}

const hook = <T>(path: string, body: object) => standInHook<T>(`${dpi}/_test/${path}`, body);
/** The TV buys the item in Samsung's checkout for this account (CustomID = our customer id). */
const buy = async (device: Device, itemId = 'playz_monthly') =>
  hook<Invoice>('purchase', { CustomID: String(await customerIdOf(db, device.login)), ItemID: itemId });
const samsungDate = (s: string) =>
  `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)}.000Z`;

describe('POST /billing/samsung-checkout/save (spec 3 §4 step 7)', () => {
  it('a valid invoice gives one subscription until Samsung’s end date; saved twice it is still one', async () => {
    const tv = await deviceOn(t, 'Tizen');
    const invoice = await buy(tv);
    const customer = await saved(t, tv, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID });
    expect(customer.hasValidSubscription).toBe(true);
    // The device may post the invoice it validated, as JSON.
    await saved(t, tv, '/billing/samsung-checkout/save', { invoice: JSON.stringify(invoice) });
    const subs = await subscriptionsOf(db, tv.login, 'SamsungCheckout');
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: 'Paid', price_cents: 799 });
    expect(subs[0]!.expiration_date).toBe(samsungDate(invoice.SubscriptionInfo.SubsEndTime));
    expect((await ledgerOf(db, tv.login)).map((l) => [l.entry, l.amount_cents])).toEqual([['Charged', 799]]);
  });

  it('an invoice of another account is refused (30) and changes nothing', async () => {
    const owner = await deviceOn(t, 'Tizen');
    const other = await deviceOn(t, 'Tizen');
    const invoice = await buy(owner);
    await saved(t, owner, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID });
    expect(
      errorNumber(await storePost(t, other, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID })),
    ).toBe(30);
    expect(await subscriptionsOf(db, other.login, 'SamsungCheckout')).toEqual([]);
    expect((await customerOf(t, other)).hasValidSubscription).toBe(false);
  });

  it('an invented or tampered invoice is refused (30) and nothing changes', async () => {
    const tv = await deviceOn(t, 'Tizen');
    for (const invoice of ['DP00000000000000', '{"InvoiceID":"DP1"}', '{"nothing":1}', 'a b'])
      expect(errorNumber(await storePost(t, tv, '/billing/samsung-checkout/save', { invoice }))).toBe(30);
    expect(await subscriptionsOf(db, tv.login, 'SamsungCheckout')).toEqual([]);
    expect(await ledgerOf(db, tv.login)).toEqual([]);
  });

  it('a cancelled invoice whose end date passed is not valid (30); cancelled with the date ahead is', async () => {
    const tv = await deviceOn(t, 'Tizen');
    const ended = await buy(tv);
    await hook('cancel', { InvoiceID: ended.InvoiceID, ended: true });
    expect(errorNumber(await storePost(t, tv, '/billing/samsung-checkout/save', { invoice: ended.InvoiceID }))).toBe(
      30,
    );
    const stillRunning = await buy(tv, 'subscription_1_99');
    await hook('cancel', { InvoiceID: stillRunning.InvoiceID });
    const customer = await saved(t, tv, '/billing/samsung-checkout/save', { invoice: stillRunning.InvoiceID });
    expect(customer.hasValidSubscription).toBe(true);
    expect((await subscriptionsOf(db, tv.login, 'SamsungCheckout')).map((s) => s.status)).toEqual(['Cancelled']);
  });

  it('a DPI error answers 1 with the spec’s message (410424 checkout not supported), nothing saved', async () => {
    const tv = await deviceOn(t, 'Tizen');
    const invoice = await buy(tv);
    await hook('next-status', { path: '/invoice/list', status: '410424' });
    const res = await storePost(t, tv, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID });
    expect(res.json().Error).toMatchObject({ Number: 1, Message: "Samsung checkout n'est pas disponible" });
    expect(await subscriptionsOf(db, tv.login, 'SamsungCheckout')).toEqual([]);
  });

  it('is a Tizen store: a web page posting an invoice is refused (4)', async () => {
    const web = await deviceOn(t, 'Web');
    expect(errorNumber(await storePost(t, web, '/billing/samsung-checkout/save', { invoice: 'DP1234' }))).toBe(4);
  });
});

describe('POST /billing/samsung-checkout/restore (spec 3 §4 "Restore uses the invoice")', () => {
  it('re-attaches to the same customer; a renewal at Samsung moves the end date once', async () => {
    const tv = await deviceOn(t, 'Tizen');
    const invoice = await buy(tv, 'subscription_1_99');
    await saved(t, tv, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID });
    const renewed = await hook<Invoice>('renew', { InvoiceID: invoice.InvoiceID });
    await saved(t, tv, '/billing/samsung-checkout/restore', { invoice: invoice.InvoiceID });
    await saved(t, tv, '/billing/samsung-checkout/restore', { invoice: invoice.InvoiceID });
    const subs = await subscriptionsOf(db, tv.login, 'SamsungCheckout');
    expect(subs.map((s) => [s.status, s.expiration_date])).toEqual([
      ['Renewed', samsungDate(renewed.SubscriptionInfo.SubsEndTime)],
    ]);
    expect((await ledgerOf(db, tv.login)).map((l) => [l.entry, l.amount_cents])).toEqual([
      ['Charged', 199],
      ['Renewed', 199],
    ]);
  });

  it('a restore on a fresh install saves an invoice not saved yet, once', async () => {
    const tv = await deviceOn(t, 'Tizen');
    const invoice = await buy(tv);
    await saved(t, tv, '/billing/samsung-checkout/restore', { invoice: invoice.InvoiceID });
    await saved(t, tv, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID });
    expect(await subscriptionsOf(db, tv.login, 'SamsungCheckout')).toHaveLength(1);
  });
});

describe('unsubscribe of a Samsung subscription (spec 3 §4: cancel at Samsung, 410410 counts as success)', () => {
  const unsubscribe = (tv: Device) =>
    t.app.inject(
      post(
        '/billing/unsubscribe',
        { billing_type: 'SamsungCheckout', product_id: '1', platform: 'Tizen' },
        {
          cookie: tv.cookie,
        },
      ),
    );

  it('cancels at Samsung then here; access stays until the end date', async () => {
    const tv = await deviceOn(t, 'Tizen');
    const invoice = await buy(tv);
    await saved(t, tv, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID });
    const res = await unsubscribe(tv);
    expect(res.json().Response, res.body).toMatchObject({ Result: true, Status: 'Cancelled' });
    expect((await customerOf(t, tv)).hasValidSubscription).toBe(true);
    // Samsung now has it cancelled: the next restore reads it so and changes nothing more.
    await saved(t, tv, '/billing/samsung-checkout/restore', { invoice: invoice.InvoiceID });
    expect((await subscriptionsOf(db, tv.login, 'SamsungCheckout')).map((s) => s.status)).toEqual(['Cancelled']);
  });

  it('already cancelled at Samsung (410410) is a success here', async () => {
    const tv = await deviceOn(t, 'Tizen');
    const invoice = await buy(tv);
    await saved(t, tv, '/billing/samsung-checkout/save', { invoice: invoice.InvoiceID });
    await hook('cancel', { InvoiceID: invoice.InvoiceID });
    const res = await unsubscribe(tv);
    expect(res.json().Response, res.body).toMatchObject({ Result: true, Status: 'Cancelled' });
  });
});
