import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldClock } from './support/held-clock';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, post } from './accounts-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/1.2/customer',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('POST /api/1.2/customer log-in (spec 1 §7, §8)', () => {
  it('logs in with e-mail and password, sets an httpOnly session cookie and answers the Customer', async () => {
    const res = await t.app.inject(form({ login: 'abonne@playz.fr', password: 'playz2026' }));
    expect(res.json()).toMatchObject({
      Error: { Number: 0 },
      Response: { Customer: { logged: true, firstName: 'Camille' } },
    });
    const cookie = res.cookies.find((c) => c.name === 'playz_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('accepts the login in any case and with spaces around it', async () => {
    const res = await t.app.inject(form({ login: '  Abonne@Playz.FR ', password: 'playz2026' }));
    expect(res.json().Error.Number).toBe(0);
  });

  it('gives a new session id at every log-in', async () => {
    const a = await logInAs(t.app, 'abonne@playz.fr');
    const b = await logInAs(t.app, 'abonne@playz.fr');
    expect(a).not.toBe(b);
  });

  it.each([
    [{ login: 'abonne@playz.fr', password: 'wrong-password' }],
    [{ login: 'nobody@playz.fr', password: 'playz2026' }],
  ])('answers 11 authentication failed with HTTP 401, whichever part was wrong', async (fields) => {
    const res = await t.app.inject(form(fields));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ Response: null, Error: { Number: 11, Message: 'Connexion impossible' } });
    expect(res.cookies).toHaveLength(0);
  });

  it('answers 2 when login or password is missing', async () => {
    expect((await t.app.inject(form({ login: 'abonne@playz.fr' }))).json().Error.Number).toBe(2);
    expect((await t.app.inject(form({ password: 'x' }))).json().Error.Number).toBe(2);
  });

  it('answers 13 for a login that is not an e-mail', async () => {
    expect((await t.app.inject(form({ login: 'not-an-email', password: 'playz2026' }))).json().Error.Number).toBe(13);
  });

  it('answers 3, not a 5xx, for malformed bodies', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/customer',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().Error.Number).toBe(3);
    const huge = await t.app.inject(form({ login: 'a@b.fr', password: 'x'.repeat(100_000) }));
    expect(huge.statusCode).toBeLessThan(500);
    expect(huge.json().Error.Number).toBe(3);
    const repeated = await t.app.inject({ ...form({}), payload: 'login=a@b.fr&login=c@d.fr&password=x' });
    expect(repeated.json().Error.Number).toBe(3);
  });

  it('refuses a cookie-authenticated post from another site (CSRF)', async () => {
    const res = await t.app.inject({
      ...form({ login: 'abonne@playz.fr', password: 'playz2026' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().Error.Number).toBe(4);
  });
});

describe('GET /api/1.2/customer and /customer/logout (spec 1 §4 logout)', () => {
  it('the session dies on the server at log-out: the old cookie no longer works', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    expect(
      (await t.app.inject({ url: '/api/1.2/customer', headers: { cookie } })).json().Response.Customer.logged,
    ).toBe(true);
    const out = await t.app.inject({ url: '/api/1.2/customer/logout', headers: { cookie } });
    expect(out.json()).toMatchObject({ Error: { Number: 0 }, Response: { Success: true } });
    expect(
      (await t.app.inject({ url: '/api/1.2/customer', headers: { cookie } })).json().Response.Customer.logged,
    ).toBe(false);
  });

  it('log-out without a session still succeeds', async () => {
    expect((await t.app.inject('/api/1.2/customer/logout')).json().Response.Success).toBe(true);
  });

  it('device apps get a bearer token that works without cookies', async () => {
    const res = await t.app.inject(form({ login: 'abonne@playz.fr', password: 'playz2026', platform: 'Tizen' }));
    const token = res.headers['x-playz-token'];
    expect(typeof token).toBe('string');
    const me = await t.app.inject({
      url: '/api/1.2/customer?platform=Tizen',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().Response.Customer.login).toBe('abonne@playz.fr');
  });
});

describe('client address (decision 038 TRUSTED_PROXIES: per-address limits cannot be dodged)', () => {
  it('believes X-Forwarded-For only from a configured proxy: a new header per request does not reset the count', async () => {
    const direct = await createTestApp({ env: { TRUSTED_PROXIES: '' }, now: heldClock() });
    try {
      // 20 registrations an hour per address (attempt-rules.ts): the 21st is refused although
      // every request claims another address.
      const numbers: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const res = await direct.app.inject({
          method: 'POST',
          url: '/api/1.2/customer/register',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${i + 1}` },
          payload: new URLSearchParams({
            login: `proxy.${i}.${Date.now()}@exemple.fr`,
            password: 'salon-2026',
          }).toString(),
        });
        numbers.push(res.json().Error.Number);
      }
      expect(numbers.slice(0, 20).every((n) => n === 0)).toBe(true);
      expect(numbers[20]).not.toBe(0);
    } finally {
      await direct.close();
    }
  });
});

describe('log-in throttling (decision 032: nobody can lock an account out)', () => {
  it('an attacker address failing 20 times does not stop the owner from another address; the attacker address is refused', async () => {
    let clock = new Date('2026-11-25T10:00:05Z');
    const own = await createTestApp({ now: () => clock });
    try {
      const logIn = (password: string, ip: string) =>
        own.app.inject(post('/customer', { login: 'abonne@playz.fr', password }, { ip }));
      const attacker = '198.51.100.66';
      const answers: number[] = [];
      for (let i = 0; i < 20; i += 1) answers.push((await logIn(`guess-${i}`, attacker)).statusCode);
      // 5 guesses a minute for this account and address, then HTTP 429 (number 4).
      expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(answers.slice(5).every((status) => status === 429)).toBe(true);

      // The owner, from their own address, gets in at once, as many times as they like.
      for (let i = 0; i < 3; i += 1) expect(errorNumber(await logIn('playz2026', '203.0.113.7'))).toBe(0);

      // The attacker's address is refused even with the right password, and stays refused past
      // the minute: its 20 tries used up the quarter of an hour too (progressive).
      const refused = await logIn('playz2026', attacker);
      expect(refused.statusCode).toBe(429);
      expect(errorNumber(refused)).toBe(4);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      clock = new Date(clock.getTime() + 2 * 60_000);
      expect((await logIn('playz2026', attacker)).statusCode).toBe(429);
      clock = new Date(clock.getTime() + 15 * 60_000);
      expect(errorNumber(await logIn('playz2026', attacker))).toBe(0);
    } finally {
      await own.close();
    }
  });
});
