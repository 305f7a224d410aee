import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createSessionRepository } from '../src/sessions/session.repository';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, get, openDatabase, post, registerAccount } from './accounts-test-support';

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

const reset = (cookie: string, fields: Record<string, string>, ip?: string) =>
  t.app.inject(post('/customer/parental-code/reset', fields, { cookie, ...(ip ? { ip } : {}) }));
const checkCode = (cookie: string, code: string) =>
  t.app.inject(post('/customer/parental-code/check', { code }, { cookie }));

/** A social sign-on account (no password, decision 012) with a session started at `startedAt`. */
async function socialAccount(startedAt: Date): Promise<string> {
  const row = await db.db
    .insertInto('customers')
    .values({
      ...{ uid: randomUUID(), login: null, password_hash: null, user_name: null, locale: 'fr', country: 'fr' },
      ...{ gender: null, first_name: 'Sam', last_name: null, phone_number: null, optin: 0 },
      ...{ parental_code_hash: null, logged_with: 'google', has_domain_mailbox: 0 },
      ...{ demo_campaign_id: null, demo_expires_at: null, created_at: startedAt.toISOString() },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `playz_sid=${await createSessionRepository(db.db).create(row.id, 'Web', null, startedAt)}`;
}

describe('POST /customer/parental-code/reset: forgotten parental code (decision 019)', () => {
  it('sets a new code once the account password is confirmed; the old code stops working', async () => {
    const { cookie } = await registerAccount(t.app, { parental_code: '1111', password: 'secret-1' });
    const res = await reset(cookie, { password: 'secret-1', code: '2222' });
    expect(res.json()).toMatchObject({ Error: { Number: 0 }, Response: { Customer: { hasParentalCode: true } } });
    expect((await checkCode(cookie, '2222')).json().Response).toEqual({ Valid: true });
    expect((await checkCode(cookie, '1111')).json().Response).toEqual({ Valid: false });
  });

  it('sets a first code on an account that had none', async () => {
    const { cookie } = await registerAccount(t.app, { password: 'secret-1' });
    expect((await reset(cookie, { password: 'secret-1', code: '4321' })).json().Response.Customer.hasParentalCode).toBe(
      true,
    );
  });

  it('answers 14 to a wrong password, 2 without one, 3 to a code that is not 4 digits, 11 to a visitor', async () => {
    const { cookie } = await registerAccount(t.app, { parental_code: '1111', password: 'secret-1' });
    expect(errorNumber(await reset(cookie, { password: 'wrong-pass', code: '2222' }))).toBe(14);
    expect(errorNumber(await reset(cookie, { code: '2222' }))).toBe(2);
    expect(errorNumber(await reset(cookie, { password: 'secret-1', code: '22a2' }))).toBe(3);
    expect(errorNumber(await reset(cookie, { password: 'secret-1' }))).toBe(2);
    const visitor = await t.app.inject(post('/customer/parental-code/reset', { password: 'x', code: '1234' }));
    expect(visitor.statusCode).toBe(401);
    // Nothing changed along the way.
    expect((await checkCode(cookie, '1111')).json().Response).toEqual({ Valid: true });
  });

  it('locks after 5 wrong passwords in 15 minutes (4, HTTP 429), the right one too, until the window ends', async () => {
    const { cookie } = await registerAccount(t.app, { parental_code: '1111', password: 'secret-1' });
    for (let i = 0; i < 5; i += 1) {
      expect(errorNumber(await reset(cookie, { password: `guess-${i}`, code: '2222' }))).toBe(14);
    }
    const locked = await reset(cookie, { password: 'secret-1', code: '2222' });
    expect(locked.statusCode).toBe(429);
    expect(errorNumber(locked)).toBe(4);
    const before = clock;
    clock = new Date(before.getTime() + 16 * 60 * 1000);
    try {
      expect(errorNumber(await reset(cookie, { password: 'secret-1', code: '2222' }))).toBe(0);
    } finally {
      clock = before;
    }
  });

  it('shares the password guard of log-in: guesses here count for this account and address only (decision 032)', async () => {
    const { cookie, login } = await registerAccount(t.app, { password: 'secret-1' });
    // 4 wrong guesses here and 1 wrong log-in from one address: its 5 a minute are used up.
    for (let i = 0; i < 4; i += 1) await reset(cookie, { password: `guess-${i}`, code: '2222' }, '10.70.0.1');
    expect(errorNumber(await t.app.inject(post('/customer', { login, password: 'nope' }, { ip: '10.70.0.1' })))).toBe(
      11,
    );
    const refused = await t.app.inject(post('/customer', { login, password: 'secret-1' }, { ip: '10.70.0.1' }));
    expect(refused.statusCode).toBe(429);
    // The owner from another address still signs in.
    const owner = await t.app.inject(post('/customer', { login, password: 'secret-1' }, { ip: '10.72.0.1' }));
    expect(errorNumber(owner)).toBe(0);
  });

  it('lifts the parental-code lockout: the new code works at once', async () => {
    const { cookie } = await registerAccount(t.app, { parental_code: '1111', password: 'secret-1' });
    for (let i = 0; i < 5; i += 1) await checkCode(cookie, '9999');
    expect((await checkCode(cookie, '1111')).statusCode).toBe(429);
    expect(errorNumber(await reset(cookie, { password: 'secret-1', code: '2222' }))).toBe(0);
    expect((await checkCode(cookie, '2222')).json().Response).toEqual({ Valid: true });
  });

  it('works from a kids profile, whose way out it is: the password already opens the account', async () => {
    const { cookie, customer } = await registerAccount(t.app, { parental_code: '1111', password: 'secret-1' });
    const [adult] = customer.profiles as { UUID: string }[];
    const kid = (
      await t.app.inject(post('/customer/edit/profile', { username: 'Léo', is_kids: '1' }, { cookie }))
    ).json().Response.Profile;
    await t.app.inject(post('/customer/profile/switch', { customer_profile_uuid: kid.UUID }, { cookie }));
    expect(errorNumber(await reset(cookie, { password: 'secret-1', code: '3333' }))).toBe(0);
    const back = await t.app.inject(
      post('/customer/profile/switch', { customer_profile_uuid: adult!.UUID, code: '3333' }, { cookie }),
    );
    expect(back.json().Response.Customer.currentProfileIndex).toBe(0);
  });

  it('social accounts (no password): allowed within 10 minutes of signing in with the provider, else 42', async () => {
    const fresh = await socialAccount(new Date(clock.getTime() - 5 * 60 * 1000));
    expect((await reset(fresh, { code: '5555' })).json().Response.Customer.hasParentalCode).toBe(true);
    expect((await checkCode(fresh, '5555')).json().Response).toEqual({ Valid: true });

    const stale = await socialAccount(new Date(clock.getTime() - 11 * 60 * 1000));
    const refused = await reset(stale, { code: '5555' });
    expect(errorNumber(refused)).toBe(42);
    expect((await t.app.inject(get('/customer', { cookie: stale }))).json().Response.Customer.hasParentalCode).toBe(
      false,
    );
  });

  it('does not let a fresh social session on a kids profile reset the code (4)', async () => {
    const cookie = await socialAccount(clock);
    const kid = (
      await t.app.inject(post('/customer/edit/profile', { username: 'Zoé', is_kids: '1' }, { cookie }))
    ).json().Response.Profile;
    await t.app.inject(post('/customer/profile/switch', { customer_profile_uuid: kid.UUID }, { cookie }));
    expect(errorNumber(await reset(cookie, { code: '5555' }))).toBe(4);
  });

  it('the demo accounts keep working: abonne@playz.fr confirms playz2026', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    expect(errorNumber(await reset(cookie, { password: 'playz2026', code: '2026' }))).toBe(0);
  });
});
