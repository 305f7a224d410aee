import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, post, registerAccount } from './accounts-test-support';

// spec 1 §3 Customer dateOfBirth, creditCard (masked) and requestedUrl (decision 058 addendum),
// the card paid through the processor's stand-in over real HTTP, as in billing-credit-card.api.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

const REPLAY = { product_id: '2', product_price_id: '13' };
const FRICTIONLESS = '4970100000000014';
const expiryYear = new Date().getUTCFullYear() + 3;

const customerOf = async (cookie: string) => {
  const res = await t.app.inject(get('/data', { cookie }));
  expect(errorNumber(res)).toBe(0);
  return res.json().Response.Customer;
};
const edit = (cookie: string, fields: Record<string, string>) =>
  t.app.inject(post('/customer/edit', fields, { cookie }));

async function browserPost(url: string, fields: Record<string, string>) {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location, url).toString() : null, text: await res.text() };
}

describe('spec 1 §3 Customer dateOfBirth (decision 058 addendum)', () => {
  it('spec 1 §3 dateOfBirth: set and cleared in POST /customer/edit, answered by /data; a bad date is 3', async () => {
    const { cookie } = await registerAccount(t.app);
    expect((await customerOf(cookie)).dateOfBirth).toBeNull();
    const saved = await edit(cookie, { date_of_birth: '1984-03-12' });
    expect(errorNumber(saved)).toBe(0);
    expect(saved.json().Response.Customer.dateOfBirth).toBe('1984-03-12');
    expect((await customerOf(cookie)).dateOfBirth).toBe('1984-03-12');
    for (const bad of ['1985-02-29', '12/03/1984', '2999-01-01']) {
      expect([bad, errorNumber(await edit(cookie, { date_of_birth: bad }))]).toEqual([bad, 3]);
    }
    expect((await customerOf(cookie)).dateOfBirth).toBe('1984-03-12');
    expect(errorNumber(await edit(cookie, { date_of_birth: '' }))).toBe(0);
    expect((await customerOf(cookie)).dateOfBirth).toBeNull();
  });

  it('spec 1 §3: a visitor has no date of birth, card or requested page', async () => {
    const visitor = (await t.app.inject(get('/data'))).json().Response.Customer;
    expect(visitor).toMatchObject({ dateOfBirth: null, creditCard: null, requestedUrl: null });
  });
});

describe('spec 1 §3 Customer creditCard and requestedUrl (decision 058 addendum)', () => {
  it('spec 1 §3 requestedUrl and creditCard: the page the card checkout started from, then the card it registered, masked', async () => {
    const account = await registerAccount(t.app);
    expect(await customerOf(account.cookie)).toMatchObject({ creditCard: null, requestedUrl: null });
    const requested = '/series/2001/brigade-du-port';
    const started = await t.app.inject(
      get('/billing/credit-card/url', { query: { ...REPLAY, requested_url: requested }, cookie: account.cookie }),
    );
    expect(errorNumber(started), started.body).toBe(0);
    const { RedirectData } = started.json().Response;
    // Under way: the page the customer was on when they chose to pay.
    expect((await customerOf(account.cookie)).requestedUrl).toBe(requested);

    const form = await browserPost(RedirectData.RedirectUrl, RedirectData.RedirectParams);
    expect(form.status, form.text).toBe(303);
    const expiry = `12/${String(expiryYear % 100).padStart(2, '0')}`;
    const paid = await browserPost(form.location!, { cardNumber: FRICTIONLESS, expiry, cvv: '123' });
    expect(paid.status, paid.text).toBe(303);

    // The processor's IPN came before the browser: the card is the one it registered, masked.
    const customer = await customerOf(account.cookie);
    expect(customer.creditCard).toEqual({
      brand: 'CB',
      maskedNumber: '•••• •••• •••• 0014',
      expiryMonth: 12,
      expiryYear,
    });
    expect(JSON.stringify(customer)).not.toContain(FRICTIONLESS.slice(0, 12));
    expect(customer.requestedUrl).toBe(requested);
  });
});
