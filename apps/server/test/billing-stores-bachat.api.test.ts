import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import type { TestApp } from './test-app';
import { errorNumber, get, post } from './accounts-test-support';
import {
  customerIdOf,
  customerOf,
  deviceOn,
  saved,
  storePost,
  subscriptionsOf,
  type Device,
  closeStoreApp,
  startStoreApp,
  standInHook,
} from './billing-stores-test-support';

// BAchat on the BBox (spec 3 §4 BAchat: deeplinks, "null" service-not-available, SKU
// subscription_1_99 unsubscribed by the server; §7 bachat save otp_code, GET deeplink; decision
// 029) against the BAchat stand-in.
let t: TestApp;
let db: Db;
let bachat: string;
beforeAll(async () => void ({ t, db, url: bachat } = await startStoreApp('bachat')));
afterAll(() => closeStoreApp(t, db));

const hook = <T>(path: string, body: object) => standInHook<T>(`${bachat}/_test/${path}`, body);
/** The viewer confirms on the BBox activation page, which hands the app a one-time code. */
const activate = async (box: Device, sku = 'subscription_1_99') =>
  hook<{ otp_code: string }>('activate', { customerRef: String(await customerIdOf(db, box.login)), sku });
const deeplink = (box: Device) =>
  t.app.inject(get('/billing/bachat/deeplink', { cookie: box.cookie, query: { platform: box.platform } }));
const unsubscribe = (box: Device) =>
  t.app.inject(
    post(
      '/billing/unsubscribe',
      { billing_type: 'BAchat', product_id: '1', platform: 'AndroidTV' },
      {
        cookie: box.cookie,
      },
    ),
  );

describe('GET /billing/bachat/deeplink', () => {
  it('answers the activation and cancellation links, ServiceNotAvailable the string "null"', async () => {
    const box = await deviceOn(t, 'AndroidTV');
    const links = (await deeplink(box)).json().Response;
    expect(links.ServiceNotAvailable).toBe('null');
    expect(links.UrlServiceActivation).toContain('/sandbox/bachat/activate?ref=');
    expect(links.UrlServiceCancellation).toContain('/sandbox/bachat/cancel?ref=');
    await hook('service-available', { available: false });
    expect((await deeplink(box)).json().Response.ServiceNotAvailable).not.toBe('null');
    await hook('service-available', { available: true });
    expect(errorNumber(await deeplink(await deviceOn(t, 'Tizen')))).toBe(4);
  });
});

describe('POST /billing/bachat/save (otp_code)', () => {
  it('a confirmed code gives one subscription; the same code again is still one', async () => {
    const box = await deviceOn(t, 'AndroidTV');
    const { otp_code } = await activate(box);
    expect((await saved(t, box, '/billing/bachat/save', { otp_code })).hasValidSubscription).toBe(true);
    await saved(t, box, '/billing/bachat/save', { otp_code });
    expect((await subscriptionsOf(db, box.login, 'BAchat')).map((s) => [s.status, s.price_cents])).toEqual([
      ['Paid', 199],
    ]);
  });

  it('an unknown code is refused (30); a code saved by another account too', async () => {
    const box = await deviceOn(t, 'AndroidTV');
    expect(errorNumber(await storePost(t, box, '/billing/bachat/save', { otp_code: '00000000' }))).toBe(30);
    const { otp_code } = await activate(box);
    await saved(t, box, '/billing/bachat/save', { otp_code });
    const other = await deviceOn(t, 'AndroidTV');
    expect(errorNumber(await storePost(t, other, '/billing/bachat/save', { otp_code }))).toBe(30);
    expect((await customerOf(t, other)).hasValidSubscription).toBe(false);
  });
});

describe('unsubscribe (spec 3 §4: SKU subscription_1_99 by the server, the others by the cancellation link)', () => {
  it('subscription_1_99 is cancelled at BAchat then here', async () => {
    const box = await deviceOn(t, 'AndroidTV');
    await saved(t, box, '/billing/bachat/save', await activate(box));
    const res = await unsubscribe(box);
    expect(res.json().Response, res.body).toMatchObject({ Result: true, Status: 'Cancelled' });
    expect((await customerOf(t, box)).hasValidSubscription).toBe(true);
  });

  it('another SKU is refused here (1, nothing changes): the device opens the cancellation link', async () => {
    const box = await deviceOn(t, 'AndroidTV');
    await saved(t, box, '/billing/bachat/save', await activate(box, 'playz_monthly'));
    const res = await unsubscribe(box);
    expect(res.json().Error.Number).toBe(1);
    expect((await deeplink(box)).json().Response.UrlServiceCancellation).toContain('/sandbox/bachat/cancel?ref=');
    expect((await subscriptionsOf(db, box.login, 'BAchat')).map((s) => s.status)).toEqual(['Paid']);
  });
});
