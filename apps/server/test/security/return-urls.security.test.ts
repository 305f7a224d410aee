import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorNumber, get, post, registerAccount } from '../accounts-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Return URLs and the link-code note (decision 012, spec 1 §2, spec 3 §2): the billing and web
 * checks accepted control characters ("/%09/evil.com" reaches the server as "/\t/evil.com", which
 * a browser reads as "//evil.com") where the sign-on one refused them, and the note a phone hands
 * the TV was stored and served unchecked. Every return URL now goes through one rule
 * (`safeReturnPath` of @playz/domain); the note through the contract's schema.
 * Pass rule: no billing keeps a return URL that is not a path of this site; a note that is not
 * the contract's shape is refused with 3 and never reaches the TV.
 */
const figures = { returnUrlsTried: 0, returnUrlsKept: 0, notesTried: 0, notesAccepted: 0 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  report('return URLs and link notes', figures);
  await t.close();
});

const HOSTILE_RETURN_URLS = ['/\t/evil.com', '/\n/evil.com', '/%09/evil.com', '/\\evil.com', '//evil.com'];

describe('one safe-return rule for every return URL', () => {
  it('spec 3 §7 /billing/credit-card/url: a billing keeps requested_url only when it is a path of this site', async () => {
    const { cookie } = await registerAccount(t.app);
    const keptFor = async (requestedUrl: string) => {
      const res = await t.app.inject(
        get('/billing/credit-card/url', { cookie, query: { product_id: '2', requested_url: requestedUrl } }),
      );
      expect(errorNumber(res)).toBe(0);
      const billingId = String(res.json().Response.BillingID);
      const row = await t.database.db
        .selectFrom('billings')
        .select('requested_url')
        .where('id', '=', billingId)
        .executeTakeFirstOrThrow();
      return row.requested_url;
    };
    expect(await keptFor('/channels')).toBe('/channels');
    for (const hostile of HOSTILE_RETURN_URLS) {
      figures.returnUrlsTried += 1;
      const kept = await keptFor(hostile);
      if (kept !== null) figures.returnUrlsKept += 1;
      expect(kept, JSON.stringify(hostile)).toBeNull();
    }
  });
});

describe("the phone's note to the TV follows the contract's schema", () => {
  it('spec 1 §7 approve and /data: a note whose requested_url is not a path of this site, or of another shape, is refused with 3', async () => {
    const { cookie } = await registerAccount(t.app);
    const note = async (data: unknown) => {
      const code = (await t.app.inject(get('/customer/account/link', { query: { action: 'login' } }))).json().Response
        .Link.code as string;
      figures.notesTried += 1;
      const res = await t.app.inject(
        post('/customer/account/link/approve', { code, data: JSON.stringify(data) }, { cookie }),
      );
      if (errorNumber(res) === 0) figures.notesAccepted += 1;
      return { number: errorNumber(res), code };
    };
    for (const hostile of HOSTILE_RETURN_URLS) expect((await note({ requested_url: hostile })).number).toBe(3);
    expect((await note({ requested_url: '/series', locale: 42 })).number).toBe(3);
    expect((await note({ requested_url: ['/series'] })).number).toBe(3);

    // A note of the right shape reaches the TV, without the keys the schema does not list.
    const { number, code } = await note({ requested_url: '/series', locale: 'nl', script: '<x>' });
    expect(number).toBe(0);
    const status = (await t.app.inject(get('/customer/account/link/status', { query: { code } }))).json().Response
      .Status;
    expect(status.data).toEqual({ requested_url: '/series', locale: 'nl' });
  });
});
