import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorNumber } from '@playz/domain';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, get } from './accounts-test-support';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { writeOceanClip } from './support/ocean-clip';

// Decision 107: an editor sells a content by purchase only, at a one-time offer's price
// (decision 094 stored it, nothing read it). The viewers' content names its offer
// (productPriceID), no subscription opens it — the server decides — and the existing purchase
// flow sells it at that offer only (decision 073); once bought, it plays.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let editor: string;

/** The demo's film: sold alone here. Another film stays as it was. */
const SOLD_ALONE = 1001;
const OTHER_FILM = 1002;
/** Demo offers: the 48-hour rental (product 10) and the live event pass (product 11). */
const RENTAL = { product_id: '10', product_price_id: '21' };
const PASS_OFFER = 22;
/** A second offer of the rental product, added for this test: 4,99 €. */
const PREMIUM = { product_id: '10', product_price_id: '23' };

const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
const item = (id: number) => JSON.stringify({ contentType: 'Content', contentTypeID: id });

async function sellAlone(offerId: number) {
  const row = await t.app.db.selectFrom('contents').selectAll().where('id', '=', SOLD_ALONE).executeTakeFirstOrThrow();
  return call('POST', `/catalogue/contents/${SOLD_ALONE}`, editor, {
    kind: 'Film',
    rating: row.rating,
    texts: {
      fr: { title: row.title, synopsis: row.description },
      en: { title: '', synopsis: '' },
      nl: { title: '', synopsis: '' },
      es: { title: '', synopsis: '' },
    },
    access: { type: 'purchase', offerId },
  });
}

const stream = (usage: 'View' | 'Preview', cookie: string) =>
  t.app.inject({
    url: `/api/1.2/content/${SOLD_ALONE}/url/adaptive?product_usage=${usage}&target=player_hls`,
    headers: { cookie },
  });

/** GET /billing/credit-card/url for a purchase (spec 3 §7): the number of its answer, and the form. */
async function startPurchase(offer: Record<string, string>, contentId: number, cookie: string) {
  const res = await t.app.inject(
    get('/billing/credit-card/url', { query: { ...offer, purchase_content: item(contentId) }, cookie }),
  );
  return { number: errorNumber(res), res };
}

beforeAll(async () => {
  t = await createTestApp({ listen: true, now: () => new Date(clock) });
  // The demo films' media, as the other playback tests have it.
  writeOceanClip(t.config.dataDir);
  await t.app.db.updateTable('contents').set({ clip_key: 'ocean' }).where('id', '=', OTHER_FILM).execute();
  let roles: StaffConsole['roles'];
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['editor']));
  editor = roles.editor!;
  await t.app.db
    .insertInto('content_editorial')
    .values({
      content_id: SOLD_ALONE,
      texts: JSON.stringify({}),
      access: 'subscription',
      price_offer_id: null,
      published: 1,
      publish_from: null,
      publish_until: null,
      updated_at: new Date(clock).toISOString(),
    })
    .execute();
  const rental = await t.app.db.selectFrom('offers').selectAll().where('id', '=', 21).executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('offers')
    .values({ ...rental, id: 23, name: 'Achat premium', price_cents: 499, position: 12, sku: 'playz_premium' })
    .execute();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('spec 3 §3 ContentPurchase: a content sold by purchase only (decision 107)', () => {
  it('spec 3 §3 the console takes only an offer that sells contents (decision 107): a live event pass is 3', async () => {
    const refused = await sellAlone(PASS_OFFER);
    expect(refused.json().Error.Number).toBe(ApiErrorNumber.BadParameter);
    const saved = await sellAlone(Number(PREMIUM.product_price_id));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Response.content.access).toEqual({ type: 'purchase', offerId: 23 });
  });

  it('spec 2 §7 the viewers’ content names its own offer (productPriceID), in every language', async () => {
    const content = async (locale: string) =>
      (await t.app.inject({ url: `/api/1.2/content/${SOLD_ALONE}?locale=${locale}` })).json().Response.Content;
    // The catalogue cache follows the change within its version check (decision 013).
    const started = Date.now();
    while ((await content('fr')).productPriceID !== 23 && Date.now() - started < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await content('fr')).productPriceID).toBe(23);
    expect((await content('en')).productPriceID).toBe(23);
    const other = (await t.app.inject({ url: `/api/1.2/content/${OTHER_FILM}` })).json().Response.Content;
    expect(other.productPriceID).toBeNull();
  });

  it("spec 3 §1 cross screen: the phone is told the item's own offer (a content sold alone, a live event's pass)", async () => {
    const tv = await logInAs(t.app, 'abonne@playz.fr');
    /** What the phone's page reads for the TV's purchase link of `purchase_content`. */
    const seen = async (purchase_content: string) => {
      const link = (
        await t.app.inject(get('/customer/billing/link', { query: { purchase_content }, cookie: tv }))
      ).json().Response.Link;
      const token = link.url.split('/').at(-1);
      return (await t.app.inject(get('/customer/billing/link/check', { query: { token }, cookie: tv }))).json().Response
        .Link.purchase;
    };
    expect(await seen(item(SOLD_ALONE))).toEqual({
      ...{ contentType: 'Content', contentTypeID: SOLD_ALONE, label: expect.any(String) },
      productPriceID: 23,
    });
    // A film that names no offer is sold at its product's offer: the phone picks it.
    expect((await seen(item(OTHER_FILM))).productPriceID).toBeNull();
    // A live event sold at its own pass (decision 073), the same rule.
    const pass = await t.app.db.selectFrom('offers').selectAll().where('id', '=', PASS_OFFER).executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('offers')
      .values({ ...pass, id: 24, name: 'Pass Zénith', price_cents: 1299, position: 13, sku: 'playz_pass_zenith' })
      .execute();
    await t.app.db.updateTable('live_events').set({ product_price_id: 24 }).where('id', '=', 1).execute();
    const event = JSON.stringify({ contentType: 'LiveEvent', contentTypeID: 1 });
    // The live events are read through the catalogue's cache, which follows within its version check.
    const started = Date.now();
    while ((await seen(event)).productPriceID !== 24 && Date.now() - started < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await seen(event)).toEqual({
      contentType: 'LiveEvent',
      contentTypeID: 1,
      label: expect.any(String),
      productPriceID: 24,
    });
  });

  it('spec 3 §4 access rules: a subscriber is refused View (4), its preview still plays', async () => {
    const subscriber = await logInAs(t.app, 'abonne@playz.fr');
    expect(errorNumber(await stream('View', subscriber))).toBe(ApiErrorNumber.Forbidden);
    expect(errorNumber(await stream('Preview', subscriber))).toBe(0);
    // Another film still opens to the subscription.
    const other = await t.app.inject({
      url: `/api/1.2/content/${OTHER_FILM}/url/adaptive?product_usage=View&target=player_dash`,
      headers: { cookie: subscriber },
    });
    expect(errorNumber(other)).toBe(0);
  });

  it('spec 3 §4 purchase flow: sold at its own offer only; bought by card, it plays', async () => {
    const subscriber = await logInAs(t.app, 'abonne@playz.fr');
    // The rental offer sells other films, not this one (decision 073).
    expect((await startPurchase(RENTAL, SOLD_ALONE, subscriber)).number).toBe(ApiErrorNumber.ProductNotFound);
    expect((await startPurchase(PREMIUM, OTHER_FILM, subscriber)).number).toBe(0);
    const { number, res } = await startPurchase(PREMIUM, SOLD_ALONE, subscriber);
    expect(number, res.body).toBe(0);
    const { RedirectData, BillingID } = res.json().Response as {
      RedirectData: { RedirectUrl: string; RedirectParams: Record<string, string> };
      BillingID: string;
    };
    // The card page (sandbox): the form, then a card paid without challenge; the IPN buys it.
    const form = await fetch(RedirectData.RedirectUrl, {
      method: 'POST',
      body: new URLSearchParams(RedirectData.RedirectParams),
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    const page = new URL(form.headers.get('location')!, RedirectData.RedirectUrl).toString();
    const paid = await fetch(page, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4970100000000014', expiry: FUTURE_EXPIRY, cvv: '123' }),
      redirect: 'manual',
    });
    expect(paid.status, await paid.text()).toBe(303);
    const purchase = await t.app.db
      .selectFrom('purchases')
      .selectAll()
      .where('billing_id', '=', BillingID)
      .executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ status: 'Paid', content_type_id: SOLD_ALONE, price_cents: 499 });
    expect(errorNumber(await stream('View', subscriber))).toBe(0);
  });
});
