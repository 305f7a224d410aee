import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connect';
import { errorNumber, get, openDatabase, registerAccount } from '../accounts-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * An item's own offer (spec 2 Content and Live event `productPriceID`; decision 073). An event
 * that names its offer (a premium match at 9.99) was sold by any offer of the same product: the
 * ordinary event pass (4.99) bought it, since only the product was compared. Pass rule: where an
 * item names an offer, every payment start (card, PayPal, carrier) with another offer is 31 and
 * starts no billing; the named offer starts (the control); an item naming none keeps the
 * product's offers.
 */
const EVENT_PASS = { product_id: '11', product_price_id: '22' }; // LivePurchase, 4.99
const PREMIUM_OFFER_ID = 9022;
const PREMIUM = { product_id: '11', product_price_id: String(PREMIUM_OFFER_ID) };
const PREMIUM_EVENT_ID = 1;
const EVENT = JSON.stringify({ contentType: 'LiveEvent', contentTypeID: PREMIUM_EVENT_ID });

const figures = { starts: 0, billingsStarted: 0 };
let t: TestApp;
let db: Db;
let cookie: string;
let otherEvent: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  ({ cookie } = await registerAccount(t.app));
  // The operator sells event 1 at an offer of its own: the pass's product, another price.
  const pass = await db.db.selectFrom('offers').selectAll().where('id', '=', 22).executeTakeFirstOrThrow();
  await db.db
    .insertInto('offers')
    .values({ ...pass, id: PREMIUM_OFFER_ID, name: 'Pass match premium', price_cents: 999, position: 99 })
    .execute();
  await db.db.updateTable('live_events').set({ product_price_id: PREMIUM_OFFER_ID }).where('id', '=', 1).execute();
  const other = await db.db
    .selectFrom('live_events')
    .select('id')
    .where('id', '<>', PREMIUM_EVENT_ID)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  otherEvent = JSON.stringify({ contentType: 'LiveEvent', contentTypeID: other.id });
});
afterAll(async () => {
  report('offers of an item that names its own', figures);
  await db.close();
  await t.close();
});

const billings = async () => (await db.db.selectFrom('billings').select('id').execute()).length;

async function start(path: string, offer: Record<string, string>, item: string, extra: Record<string, string> = {}) {
  const before = await billings();
  const res = await t.app.inject(get(path, { query: { ...offer, purchase_content: item, ...extra }, cookie }));
  figures.starts += 1;
  const started = (await billings()) > before;
  if (started) figures.billingsStarted += 1;
  return { number: errorNumber(res), started };
}

const PATHS: [string, Record<string, string>][] = [
  ['/billing/credit-card/url', {}],
  ['/billing/paypal/url', {}],
  ['/billing/direct-pass/url', { operator_id: '2', msisdn: '0612345678' }],
];

describe('spec 2 Live event productPriceID: an item that names its offer is sold at that offer only', () => {
  it('the event answers its own offer', async () => {
    const res = await t.app.inject(get(`/live-event/${PREMIUM_EVENT_ID}`, { cookie }));
    expect(res.json().Response.LiveEvent.productPriceID).toBe(PREMIUM_OFFER_ID);
  });

  it.each(PATHS)('%s: the ordinary event pass cannot buy the event that names another offer', async (path, extra) => {
    expect(await start(path, EVENT_PASS, EVENT, extra)).toEqual({ number: 31, started: false });
  });

  it.each(PATHS)('%s: the named offer buys it (the control)', async (path, extra) => {
    expect(await start(path, PREMIUM, EVENT, extra)).toEqual({ number: 0, started: true });
  });

  it('an event that names no offer is bought by its product’s pass, as before', async () => {
    expect(await start('/billing/credit-card/url', EVENT_PASS, otherEvent)).toEqual({ number: 0, started: true });
  });
});
