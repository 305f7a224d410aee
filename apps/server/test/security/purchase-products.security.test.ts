import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connect';
import { errorNumber, get, openDatabase, registerAccount } from '../accounts-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Single purchases (spec 3 §3 ContentPurchase, LivePurchase; decision 030). The caller names both
 * the offer (product_id, product_price_id) and the item (purchase_content), and the server took
 * any pair: the 48-hour film rental (2.99) bought a live event's pass (4.99), and the event pass,
 * which never ends, bought a film or a whole series for good. Pass rule: every payment start
 * (card, carrier, PayPal) refuses an offer whose product does not sell that kind of item with 31
 * (product not found) and starts no billing; the matching pairs start (the control).
 */
const RENTAL = { product_id: '10', product_price_id: '21' }; // ContentPurchase, 48 h
const EVENT_PASS = { product_id: '11', product_price_id: '22' }; // LivePurchase, no end
const FILM = JSON.stringify({ contentType: 'Content', contentTypeID: 1001 });
const SERIES = JSON.stringify({ contentType: 'ContentList', contentTypeID: 2001 });
const EVENT = JSON.stringify({ contentType: 'LiveEvent', contentTypeID: 1 });

const figures = { starts: 0, billingsStarted: 0 };
let t: TestApp;
let db: Db;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  ({ cookie } = await registerAccount(t.app));
});
afterAll(async () => {
  report('purchases of another product', figures);
  await db.close();
  await t.close();
});

const billings = async () => (await db.db.selectFrom('billings').select('id').execute()).length;

/** Starts a payment of `offer` for `item` by `path`: the answer's number, and whether a billing was made. */
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

describe('an offer buys only the kind of item its product sells', () => {
  it.each(PATHS)('%s: the 48-hour rental cannot buy a live event’s pass', async (path, extra) => {
    expect(await start(path, RENTAL, EVENT, extra)).toEqual({ number: 31, started: false });
  });

  it.each(PATHS)('%s: the event pass (no end) cannot buy a film or a series', async (path, extra) => {
    expect(await start(path, EVENT_PASS, FILM, extra)).toEqual({ number: 31, started: false });
    expect(await start(path, EVENT_PASS, SERIES, extra)).toEqual({ number: 31, started: false });
  });

  it('the matching pairs start their payment (the control)', async () => {
    expect(await start('/billing/credit-card/url', RENTAL, FILM)).toEqual({ number: 0, started: true });
    expect(await start('/billing/credit-card/url', RENTAL, SERIES)).toEqual({ number: 0, started: true });
    expect(await start('/billing/credit-card/url', EVENT_PASS, EVENT)).toEqual({ number: 0, started: true });
  });
});
