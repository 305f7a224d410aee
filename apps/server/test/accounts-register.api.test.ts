import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, freshLogin, get, post, sessionCookieOf } from './accounts-test-support';

let t: TestApp;
let clock = new Date('2026-03-02T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

describe('GET /customer/check-login (spec 1 §7)', () => {
  it('says whether a login has an account, whatever its case', async () => {
    const known = await t.app.inject(get('/customer/check-login', { query: { login: ' Abonne@Playz.fr' } }));
    expect(known.json()).toMatchObject({ Error: { Number: 0 }, Response: { Exists: true } });
    const unknown = await t.app.inject(get('/customer/check-login', { query: { login: freshLogin() } }));
    expect(unknown.json().Response).toEqual({ Exists: false });
  });

  it('answers 13 for a login that is not an e-mail and 2 without login', async () => {
    expect(errorNumber(await t.app.inject(get('/customer/check-login', { query: { login: 'nope' } })))).toBe(13);
    expect(errorNumber(await t.app.inject(get('/customer/check-login')))).toBe(2);
  });

  it('is rate limited per address, since it tells whether an e-mail has an account', async () => {
    const ip = '10.1.0.1';
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject(get('/customer/check-login', { ip, query: { login: freshLogin() } }));
      expect(errorNumber(res)).toBe(0);
    }
    const refused = await t.app.inject(get('/customer/check-login', { ip, query: { login: freshLogin() } }));
    expect(refused.statusCode).toBe(429);
    expect(errorNumber(refused)).toBe(4);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect(errorNumber(await t.app.inject(get('/customer/check-login', { query: { login: freshLogin() } })))).toBe(0);
  });
});

describe('POST /customer/register (spec 1 §7, §8)', () => {
  it('creates the account, logs it in with a new session and answers Customer with Result 1', async () => {
    const login = freshLogin();
    const res = await t.app.inject(
      post(
        '/customer/register',
        { login: ` ${login.toUpperCase()} `, password: 'secret-1', password_confirm: 'secret-1', optin: '1' },
        { ip: '10.2.0.1' },
      ),
    );
    expect(res.json()).toMatchObject({
      Error: { Number: 0 },
      Response: {
        Result: 1,
        Customer: { login, logged: true, registered: true, loggedWith: 'playz', optin: true, hasParentalCode: false },
      },
    });
    const customer = res.json().Response.Customer;
    expect(customer.profiles).toHaveLength(1);
    expect(customer.alerts).toContainEqual({ alertType: 'Newsletter', deltaTime: 0, enabled: true });
    const cookie = sessionCookieOf(res);
    const me = await t.app.inject(get('/customer', { cookie }));
    expect(me.json().Response.Customer).toMatchObject({ login, logged: true });
    // The new account logs in with its password.
    expect(await logInAs(t.app, login, 'secret-1')).toMatch(/^playz_sid=/);
  });

  it('ends the session the browser had before (new session id)', async () => {
    const before = await logInAs(t.app, 'visiteur@playz.fr');
    const res = await t.app.inject(
      post('/customer/register', { login: freshLogin(), password: 'secret-1' }, { cookie: before, ip: '10.2.0.2' }),
    );
    expect(sessionCookieOf(res)).not.toBe(before);
    expect((await t.app.inject(get('/customer', { cookie: before }))).json().Response.Customer.logged).toBe(false);
  });

  it('keeps the browser signed in when a registration or log-in fails', async () => {
    const before = await logInAs(t.app, 'visiteur@playz.fr');
    const taken = await t.app.inject(
      post('/customer/register', { login: 'demo@playz.fr', password: 'secret-1' }, { cookie: before, ip: '10.2.0.9' }),
    );
    expect(errorNumber(taken)).toBe(12);
    const wrong = await t.app.inject(
      post('/customer', { login: 'demo@playz.fr', password: 'wrong' }, { cookie: before }),
    );
    expect(errorNumber(wrong)).toBe(11);
    expect((await t.app.inject(get('/customer', { cookie: before }))).json().Response.Customer.logged).toBe(true);
  });

  it('hands device apps their token in x-playz-token', async () => {
    const res = await t.app.inject(
      post(
        '/customer/register',
        { login: freshLogin(), password: 'secret-1', platform: 'AndroidTV', device_udid: 'tv-1' },
        { ip: '10.2.0.3' },
      ),
    );
    const token = res.headers['x-playz-token'];
    expect(typeof token).toBe('string');
    const me = await t.app.inject(get('/customer', { headers: { authorization: `Bearer ${token}` } }));
    expect(me.json().Response.Customer.logged).toBe(true);
  });

  it('stores an optional parental code, never sent back (decision 003)', async () => {
    const res = await t.app.inject(
      post(
        '/customer/register',
        { login: freshLogin(), password: 'secret-1', parental_code: '1234' },
        { ip: '10.2.0.4' },
      ),
    );
    expect(res.json().Response.Customer.hasParentalCode).toBe(true);
    expect(res.body).not.toContain('1234');
  });

  it.each([
    [{ login: 'abonne@playz.fr', password: 'secret-1' }, 12, 409, 'Cette adresse email est déjà enregistrée'],
    [{ login: 'not-an-email', password: 'secret-1' }, 13, 400, "L'adresse email saisie n'est pas valide"],
    [{ login: 'x@y.fr', password: '1234' }, 14, 400, "Le mode passe n'est pas valide"],
    [
      { login: 'x@y.fr', password: 'secret-1', password_confirm: 'secret-2' },
      14,
      400,
      "Le mode passe n'est pas valide",
    ],
    [{ login: 'x@y.fr', password: 'secret-1', parental_code: '12a4' }, 3, 400, "Un paramètre n'est pas valide"],
    [{ password: 'secret-1' }, 2, 400, 'Un paramètre obligatoire est manquant'],
    // Social registration with a provider the service does not offer (sso-id-token.api.test.ts has the rest).
    [
      { login: 'x@y.fr', password: 'secret-1', sso_source: 'myspace', sso_id: 'x' },
      18,
      400,
      "Une erreur s'est produite",
    ],
  ])('answers %j with %i (HTTP %i) and the spec message', async (fields, number, status, message) => {
    const res = await t.app.inject(post('/customer/register', fields, { ip: '10.2.0.5' }));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ Response: null, Error: { Number: number, Message: message } });
    expect(res.cookies).toHaveLength(0);
  });

  it('limits registrations per login and per address, with a translated message', async () => {
    const login = 'visiteur@playz.fr';
    const ip = '10.3.0.1';
    for (let i = 0; i < 5; i += 1) {
      expect(errorNumber(await t.app.inject(post('/customer/register', { login, password: 'secret-1' }, { ip })))).toBe(
        12,
      );
    }
    const refused = await t.app.inject(
      post('/customer/register', { login, password: 'secret-1', locale: 'nl' }, { ip: '10.3.0.2' }),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Error).toEqual({
      Number: 4,
      Message: 'Te veel pogingen. Probeer het over een paar minuten opnieuw.',
    });
    // The hour passes: the login may be tried again.
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect(errorNumber(await t.app.inject(post('/customer/register', { login, password: 'secret-1' }, { ip })))).toBe(
      12,
    );
  });
});

describe('POST /customer log-in is rate limited per account and address pair and per address (decisions 010 and 032)', () => {
  it('refuses the 6th attempt from one address on one account within a minute, even with the right password', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject(
        post('/customer', { login: 'demo@playz.fr', password: `wrong-${i}` }, { ip: '10.4.0.1' }),
      );
      expect(errorNumber(res)).toBe(11);
    }
    const refused = await t.app.inject(
      post('/customer', { login: 'demo@playz.fr', password: 'playz2026' }, { ip: '10.4.0.1' }),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Error).toEqual({
      Number: 4,
      Message: 'Trop de tentatives. Réessayez dans quelques minutes.',
    });
    expect(refused.cookies).toHaveLength(0);
    // Wrong passwords from 10 other addresses (decision 032) do not keep the owner out either.
    for (let i = 0; i < 10; i += 1) {
      await t.app.inject(
        post('/customer', { login: 'demo@playz.fr', password: `wrong-${i}` }, { ip: `10.4.${i + 1}.1` }),
      );
    }
    expect(errorNumber(await t.app.inject(post('/customer', { login: 'demo@playz.fr', password: 'playz2026' })))).toBe(
      0,
    );
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect(
      errorNumber(
        await t.app.inject(post('/customer', { login: 'demo@playz.fr', password: 'playz2026' }, { ip: '10.4.0.1' })),
      ),
    ).toBe(0);
  });

  it('refuses an address that tries many accounts', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < 100; i += 1) {
      await t.app.inject(post('/customer', { login: freshLogin(), password: 'whatever' }, { ip }));
    }
    const refused = await t.app.inject(
      post('/customer', { login: 'visiteur@playz.fr', password: 'playz2026' }, { ip }),
    );
    expect(refused.statusCode).toBe(429);
    expect(
      errorNumber(await t.app.inject(post('/customer', { login: 'visiteur@playz.fr', password: 'playz2026' }))),
    ).toBe(0);
  });
});
