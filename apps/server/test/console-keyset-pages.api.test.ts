import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';
import { errorNumber, post } from './accounts-test-support';

// The console's lists page by keyset (decision 110): a stable order, an opaque `after` cursor
// validated as bad input (3) when forged, a capped page size, and pages that neither repeat nor
// skip a row when rows are added between two reads.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];
let roles: StaffConsole['roles'] = {};

const ACCOUNTS = 13;
const CODES = 7;
let address = 0;
const register = (login: string) =>
  t.app.inject(post('/customer/register', { login, password: 'secret-1' }, { ip: `10.62.${(address += 1)}.1` }));

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['support', 'finance', 'editor']));
  for (let i = 1; i <= ACCOUNTS; i++)
    expect(errorNumber(await register(`keyset-${String(i).padStart(2, '0')}@exemple.fr`))).toBe(0);
  for (let i = 1; i <= CODES; i++) {
    clock += 60_000;
    const made = await call('POST', '/promo-codes', roles.editor!, {
      code: `PAGE-${i}`,
      days: 7,
      maxRedemptions: null,
      expiresAt: null,
    });
    expect(made.json().Error.Number).toBe(0);
  }
});
afterAll(() => t.close());

/** Every page of `path` (with `limit`), following `next` until it is null. */
async function allPages<T>(path: string, cookie: string, key: string, limit: number): Promise<T[][]> {
  const pages: T[][] = [];
  let after: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${path}${separator}limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const body = (await call('GET', url, cookie)).json();
    expect(body.Error.Number).toBe(0);
    pages.push(body.Response[key] as T[]);
    after = body.Response.next as string | null;
    expect(pages.length).toBeLessThan(50);
  } while (after);
  return pages;
}

describe('console lists paged by keyset (decision 110)', () => {
  it('spec 1 §2 promo codes: pages of 3 newest first, together the whole list in its order, the last page says no next', async () => {
    const whole = (await call('GET', '/promo-codes?limit=100', roles.finance!)).json().Response;
    expect(whole.next).toBeNull();
    const codes = whole.promoCodes.map((p: { code: string }) => p.code);
    // The demo's BIENVENUE was made at the real time, after the test clock's codes.
    expect(codes.filter((c: string) => c.startsWith('PAGE-'))).toEqual(
      Array.from({ length: CODES }, (_, i) => `PAGE-${CODES - i}`),
    );
    const pages = await allPages<{ code: string }>('/promo-codes', roles.editor!, 'promoCodes', 3);
    expect(pages.slice(0, -1).every((page) => page.length === 3)).toBe(true);
    expect(pages.flat().map((p) => p.code)).toEqual(codes);
  });

  it('spec 1 §2 promo codes: a code made between two pages neither shifts nor repeats the next page', async () => {
    const first = (await call('GET', '/promo-codes?limit=2', roles.finance!)).json().Response;
    clock += 60_000;
    expect(
      (
        await call('POST', '/promo-codes', roles.editor!, {
          code: 'PAGE-NEW',
          days: 7,
          maxRedemptions: null,
          expiresAt: null,
        })
      ).json().Error.Number,
    ).toBe(0);
    const second = (await call('GET', `/promo-codes?limit=2&after=${first.next}`, roles.finance!)).json().Response;
    const whole = (await call('GET', '/promo-codes?limit=100', roles.finance!)).json().Response.promoCodes;
    const order = whole.map((p: { code: string }) => p.code);
    expect(order.indexOf('PAGE-NEW')).toBeLessThan(order.indexOf(first.promoCodes.at(-1).code));
    // The second page goes on right after the first page's last code, whatever came before it.
    const lastShown = first.promoCodes.at(-1).code;
    expect(second.promoCodes.map((p: { code: string }) => p.code)).toEqual(
      order.slice(order.indexOf(lastShown) + 1, order.indexOf(lastShown) + 3),
    );
  });

  it('spec 1 §8 customers: without a search, the newest accounts a page at a time; with one, its matches a page at a time', async () => {
    const newestBody = (await call('GET', '/customers?limit=4', roles.support!)).json();
    expect(newestBody.Error.Number).toBe(0);
    const newest = newestBody.Response;
    expect(newest.customers.map((c: { login: string }) => c.login)).toEqual([
      'keyset-13@exemple.fr',
      'keyset-12@exemple.fr',
      'keyset-11@exemple.fr',
      'keyset-10@exemple.fr',
    ]);
    expect(typeof newest.next).toBe('string');
    const pages = await allPages<{ id: number; login: string }>('/customers?q=keyset-', roles.finance!, 'customers', 5);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 3]);
    const logins = pages.flat().map((c) => c.login);
    expect(logins).toEqual(
      Array.from({ length: ACCOUNTS }, (_, i) => `keyset-${String(ACCOUNTS - i).padStart(2, '0')}@exemple.fr`),
    );
    const ids = pages.flat().map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The whole search on one page (the default 20) is the same list, with no next.
    const one = (await call('GET', '/customers?q=keyset-', roles.support!)).json().Response;
    expect(one.customers.map((c: { login: string }) => c.login)).toEqual(logins);
    expect(one.next).toBeNull();
  });

  it('decision 094 catalogue desk: uploads (newest first, then id) and contents (newest first) page by cursor', async () => {
    const db = t.database.db;
    const staffId = (await db.selectFrom('staff').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    // Two uploads share a creation instant: the id breaks the tie, so neither is lost between pages.
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute)).toISOString();
    const uploads = [
      { id: 'a'.repeat(32), at: at(1) },
      { id: 'b'.repeat(32), at: at(2) },
      { id: 'c'.repeat(32), at: at(2) },
      { id: 'd'.repeat(32), at: at(3) },
      { id: 'e'.repeat(32), at: at(4) },
    ];
    for (const u of uploads)
      await db
        .insertInto('content_uploads')
        .values({
          id: u.id,
          staff_id: staffId,
          uploaded_by: 'editor@playz.fr',
          file_name: `${u.id.slice(0, 1)}.mp4`,
          size: 10,
          status: 'failed',
          progress: 0,
          step: null,
          error: 'test',
          content_id: null,
          created_at: u.at,
          updated_at: u.at,
        })
        .execute();
    const uploadPages = await allPages<{ id: string }>('/catalogue/uploads', roles.editor!, 'uploads', 2);
    expect(uploadPages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(uploadPages.flat().map((u) => u.id[0])).toEqual(['e', 'd', 'b', 'c', 'a']);

    const ids = (await db.selectFrom('contents').select('id').orderBy('id').limit(5).execute()).map((r) => r.id);
    for (const contentId of ids)
      await db
        .insertInto('content_editorial')
        .values({
          content_id: contentId,
          texts: JSON.stringify({ fr: { title: `T${contentId}`, synopsis: '' } }),
          access: 'subscription',
          price_offer_id: null,
          published: 0,
          publish_from: null,
          publish_until: null,
          updated_at: at(5),
        })
        .execute();
    const contentPages = await allPages<{ contentId: number }>('/catalogue/contents', roles.editor!, 'contents', 2);
    expect(contentPages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(contentPages.flat().map((c) => c.contentId)).toEqual([...ids].reverse());
    for (const url of [
      '/catalogue/uploads?after=bm9wZQ',
      '/catalogue/contents?after=bm9wZQ',
      '/catalogue/contents?limit=101',
    ])
      expect([url, errorNumber(await call('GET', url, roles.editor!))]).toEqual([url, 3]);
  });

  it('spec 1 §8: a forged, foreign or damaged cursor and a page size out of bounds are 3, never a 5xx', async () => {
    const promoNext = (await call('GET', '/promo-codes?limit=1', roles.finance!)).json().Response.next as string;
    const customersNext = (await call('GET', '/customers?limit=1', roles.support!)).json().Response.next as string;
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = [
      'not-a-cursor',
      '!!!!',
      b64({ id: 3 }),
      b64(['customers']),
      b64(['customers', -1]),
      b64(['customers', 1.5]),
      b64(['customers', '12']),
      b64(['customers', 12, 13]),
      b64(['promo-codes', '2026-11-29T11:00:00.000Z']),
      b64(['promo-codes', 12, 'PAGE-1']),
      'A'.repeat(401),
      Buffer.from('{"unterminated').toString('base64url'),
    ];
    for (const after of [...forged, promoNext]) {
      const res = await call('GET', `/customers?after=${encodeURIComponent(after)}`, roles.support!);
      expect([after, res.statusCode, errorNumber(res)]).toEqual([after, 400, 3]);
    }
    for (const after of [...forged, customersNext]) {
      const res = await call('GET', `/promo-codes?after=${encodeURIComponent(after)}`, roles.finance!);
      expect([after, res.statusCode, errorNumber(res)]).toEqual([after, 400, 3]);
    }
    for (const url of ['/customers?limit=0', '/customers?limit=101', '/promo-codes?limit=101', '/promo-codes?limit=x'])
      expect([url, errorNumber(await call('GET', url, roles.admin!))]).toEqual([url, 3]);
  });
});
