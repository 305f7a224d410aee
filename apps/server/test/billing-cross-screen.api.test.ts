import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, registerAccount } from './accounts-test-support';

// Cross screen (spec 3 §1, §3 Link codes (billing), §7 /customer/billing/link, /status, /send;
// decision 025): the TV shows a link, the phone signed in to the same account pays by operator,
// and the TV's status turns Paid.
let t: TestApp;
const FILM = JSON.stringify({ contentType: 'Content', contentTypeID: 1001 });
const FRICTIONLESS_CARD = '4970100000000014';
const FUTURE_EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** A POST as the browser makes it: the status and where it is sent (absolute). */
async function browserPost(url: string, fields: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location, url).toString() : null };
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(async () => {
  await t.close();
});

describe('GET /customer/billing/link, /status, /send', () => {
  it('the phone pays for the TV account; the TV status goes Pending → Paid', async () => {
    const tv = await registerAccount(t.app);
    const created = (await t.app.inject(get('/customer/billing/link', { cookie: tv.cookie }))).json().Response.Link;
    expect(created.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(created.url).toMatch(new RegExp(`^${t.config.publicUrl}/billing/link/[0-9a-f]{32}$`));
    expect(created.qrImage).toMatch(/^data:image\/png;base64,/);
    const status = async () =>
      (await t.app.inject(get('/customer/billing/status', { query: { code: created.code }, cookie: tv.cookie }))).json()
        .Response.Status;
    expect(await status()).toBe('Pending');

    // The phone opens the URL: it sees whose account it pays for, and that it is not signed in to it.
    const token = created.url.split('/').at(-1);
    const seen = (await t.app.inject(get('/customer/billing/link/check', { query: { token } }))).json().Response.Link;
    expect(seen).toMatchObject({ isSameAccount: false, status: 'Pending' });
    expect(seen.maskedLogin).toMatch(/^c\*\*\*\d@exemple\.fr$/);
    // Signed in to the TV's account (a second session), the phone pays by operator.
    const phone = (
      await t.app.inject(
        get('/customer/billing/link/check', { query: { code: created.code.toLowerCase() }, cookie: tv.cookie }),
      )
    ).json().Response.Link;
    expect(phone.isSameAccount).toBe(true);
    const started = await t.app.inject(
      get('/billing/direct-pass/url', {
        query: { product_id: '1', product_price_id: '12', operator_id: '2', msisdn: '0677777777' },
        cookie: tv.cookie,
      }),
    );
    await fetch(started.json().Response.Url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'confirm' }),
      redirect: 'manual',
    });
    expect(await status()).toBe('Paid');
  });

  it('texts the link to a French mobile at most 3 times; another account or a bad number is refused', async () => {
    const tv = await registerAccount(t.app);
    const { code } = (await t.app.inject(get('/customer/billing/link', { cookie: tv.cookie }))).json().Response.Link;
    const send = (msisdn: string, cookie = tv.cookie) =>
      t.app.inject(get('/customer/billing/send', { query: { code, msisdn }, cookie }));
    expect(errorNumber(await send('0123456789'))).toBe(3);
    for (let i = 0; i < 3; i += 1) expect((await send('0611111111')).json().Response.Result).toBe(true);
    expect(errorNumber(await send('0611111111'))).toBe(4);
    const smsDir = path.join(t.config.dataDir, 'outbox', 'sms');
    const texts = fs.readdirSync(smsDir).map((f) => fs.readFileSync(path.join(smsDir, f), 'utf8'));
    expect(texts.filter((x) => x.includes('/billing/link/'))).toHaveLength(3);
    const stranger = await registerAccount(t.app);
    expect(errorNumber(await send('0611111111', stranger.cookie))).toBe(32);
    expect(
      errorNumber(await t.app.inject(get('/customer/billing/status', { query: { code }, cookie: stranger.cookie }))),
    ).toBe(32);
  });

  it('needs a session (11) and answers 32 for a link that does not exist', async () => {
    expect(errorNumber(await t.app.inject(get('/customer/billing/link')))).toBe(11);
    expect(errorNumber(await t.app.inject(get('/customer/billing/link/check', { query: { code: 'ZZZZZZZZ' } })))).toBe(
      32,
    );
  });

  it('a purchase link (decision 040) is paid by buying its item, not by a subscription; a bad item is refused', async () => {
    const tv = await registerAccount(t.app);
    const link = async (purchase_content?: string) =>
      t.app.inject(
        get('/customer/billing/link', { query: purchase_content ? { purchase_content } : {}, cookie: tv.cookie }),
      );
    expect(errorNumber(await link('{"contentType":"Film"}'))).toBe(3);
    expect(errorNumber(await link(JSON.stringify({ contentType: 'Content', contentTypeID: 999_999 })))).toBe(20);
    expect(errorNumber(await link(JSON.stringify({ contentType: 'LiveEvent', contentTypeID: 999_999 })))).toBe(100);
    const rental = (await link(FILM)).json().Response.Link;
    const subscription = (await link()).json().Response.Link;
    const status = async (code: string) =>
      (await t.app.inject(get('/customer/billing/status', { query: { code }, cookie: tv.cookie }))).json().Response
        .Status;
    // The phone is told what it buys, with the item's name.
    const token = rental.url.split('/').at(-1);
    const seen = (
      await t.app.inject(get('/customer/billing/link/check', { query: { token }, cookie: tv.cookie }))
    ).json().Response.Link;
    expect(seen.purchase).toEqual({
      ...{ contentType: 'Content', contentTypeID: 1001, label: expect.any(String) },
      // The demo's film names no offer of its own: the phone sells it at its product's (decision 107).
      productPriceID: null,
    });
    expect(seen.purchase.label.length).toBeGreaterThan(0);

    // The phone rents the film by card (frictionless 3-D Secure at the card stand-in).
    const started = await t.app.inject(
      get('/billing/credit-card/url', {
        query: { product_id: '10', product_price_id: '21', purchase_content: FILM },
        cookie: tv.cookie,
      }),
    );
    expect(errorNumber(started), started.body).toBe(0);
    const { RedirectUrl, RedirectParams } = started.json().Response.RedirectData;
    const form = await browserPost(RedirectUrl, RedirectParams);
    const paid = await browserPost(form.location!, {
      cardNumber: FRICTIONLESS_CARD,
      expiry: FUTURE_EXPIRY,
      cvv: '123',
    });
    expect(paid.status).toBe(303);
    expect(await status(rental.code)).toBe('Paid');
    // A rental does not open the TV's subscription link: that one still waits.
    expect(await status(subscription.code)).toBe('Pending');
  });
});
