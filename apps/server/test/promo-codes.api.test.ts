import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeLeft } from '@playz/domain';
import type { Db } from '../src/db/connect';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, freshLogin, get, openDatabase, post, sessionCookieOf } from './accounts-test-support';

const DAY = 24 * 3600 * 1000;
let t: TestApp;
let db: Db;
let clock = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  db = openDatabase(t.config);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

let address = 0;
/** Each registration from its own address, so the per-address limits stay out of the way. */
const register = (fields: Record<string, string>, ip = `10.60.${(address += 1)}.1`) =>
  t.app.inject(post('/customer/register', { login: freshLogin('promo'), password: 'secret-1', ...fields }, { ip }));

describe('promo code at registration (spec 1 §2, §5; decision 019)', () => {
  it('stores BIENVENUE with the account and opens its 7 free days of the whole service', async () => {
    const res = await register({ promo_code: ' bienvenue ' });
    expect(errorNumber(res)).toBe(0);
    const customer = res.json().Response.Customer;
    expect(customer.promoCode).toEqual({ code: 'BIENVENUE', redeemedAt: clock.toISOString() });
    expect(customer).toMatchObject({
      hasFullAccess: true,
      productAccess: ['service', 'replay', 'video'],
      demoCampaign: {
        id: 2,
        name: 'Code BIENVENUE',
        durationDays: 7,
        expirationDate: new Date(clock.getTime() + 7 * DAY).toISOString(),
      },
    });
    // My account reads it back, and the free days end after a week.
    const cookie = sessionCookieOf(res);
    const me = async () => (await t.app.inject(get('/customer', { cookie }))).json().Response.Customer;
    expect((await me()).promoCode).toEqual({ code: 'BIENVENUE', redeemedAt: clock.toISOString() });
    // Spec 1 §2 time left: read a moment after redeeming, the account says "7 jours", not 6.
    const readSoonAfter = new Date(clock.getTime() + 300);
    expect(timeLeft((await me()).demoCampaign.expirationDate, readSoonAfter)).toEqual({
      unit: 'days',
      value: 7,
      isSingular: false,
      isSoon: false,
    });
    const registeredAt = clock;
    clock = new Date(registeredAt.getTime() + 7 * DAY + 1000);
    try {
      expect(await me()).toMatchObject({ hasFullAccess: false, productAccess: [], promoCode: { code: 'BIENVENUE' } });
    } finally {
      clock = registeredAt;
    }
  });

  it('registers without a promo code (absent or blank): promoCode null, no free days', async () => {
    for (const fields of [{}, { promo_code: '   ' }] as Record<string, string>[]) {
      const customer = (await register(fields)).json().Response.Customer;
      expect(customer).toMatchObject({ promoCode: null, demoCampaign: null, hasFullAccess: false });
    }
  });

  it('refuses a malformed code with 3 and an unknown one with 7, and creates no account', async () => {
    for (const [promo, number] of [
      ['BIEN VENUE', 3],
      ['<script>', 3],
      ['NOEL-2099', 7],
    ] as const) {
      const login = freshLogin('refused');
      const res = await register({ login, promo_code: promo });
      expect(errorNumber(res)).toBe(number);
      expect(res.cookies.find((c) => c.name === 'playz_sid')).toBeUndefined();
      const exists = await t.app.inject(get('/customer/check-login', { query: { login } }));
      expect(exists.json().Response.Exists).toBe(false);
    }
  });

  it('refuses an expired code (7), and a code whose campaign has ended', async () => {
    await db.db
      .insertInto('demo_campaigns')
      .values({ id: 90, name: 'Été', duration_days: 30, expiration_date: '2026-12-01T00:00:00.000Z' })
      .execute();
    await db.db
      .insertInto('promo_codes')
      .values([
        { code: 'ETE-PASSE', demo_campaign_id: 90, expires_at: '2026-09-01T00:00:00.000Z', created_at: '2026-06-01' },
        { code: 'ETE', demo_campaign_id: 90, expires_at: null, created_at: '2026-06-01' },
      ])
      .execute();
    expect(errorNumber(await register({ promo_code: 'ete-passe' }))).toBe(7);
    // A live code: its free days stop at the campaign's end (9 days away, not 30).
    const live = (await register({ promo_code: 'ETE' })).json().Response.Customer;
    expect(live.demoCampaign.expirationDate).toBe('2026-12-01T00:00:00.000Z');
    const before = clock;
    clock = new Date('2026-12-02T00:00:00Z');
    try {
      expect(errorNumber(await register({ promo_code: 'ETE' }))).toBe(7);
    } finally {
      clock = before;
    }
  });

  it('counts promo-code tries per address before the lookup (4, HTTP 429 after 20)', async () => {
    const ip = '10.61.0.1';
    for (let i = 0; i < 20; i += 1) {
      expect(errorNumber(await register({ promo_code: `GUESS-${i}` }, ip))).toBe(7);
    }
    const refused = await register({ promo_code: 'BIENVENUE' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(errorNumber(refused)).toBe(4);
  });
});
