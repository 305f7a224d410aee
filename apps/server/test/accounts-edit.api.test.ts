import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { createSessionRepository } from '../src/sessions/session.repository';
import { holdableClock } from './support/held-clock';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, get, openDatabase, post, registerAccount } from './accounts-test-support';

let t: TestApp;
let db: Db;
/** The attempt limits count in windows of the clock: the tests that count up to one hold it still. */
const clock = holdableClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  db = openDatabase(t.config);
});
afterAll(async () => {
  await db.close();
  await t.close();
});
afterEach(() => clock.release());

const me = async (cookie: string) => (await t.app.inject(get('/customer', { cookie }))).json().Response.Customer;
const edit = (cookie: string, fields: Record<string, string>) =>
  t.app.inject(post('/customer/edit', fields, { cookie }));

/** An account signed in with a social provider, which the product's own login rules do not cover. */
async function socialAccountCookie(): Promise<string> {
  const row = await db.db
    .insertInto('customers')
    .values({
      uid: randomUUID(),
      login: `social.${randomUUID().slice(0, 8)}@exemple.fr`,
      password_hash: null,
      user_name: null,
      locale: 'fr',
      country: 'fr',
      gender: null,
      first_name: 'Sam',
      last_name: 'Social',
      phone_number: null,
      optin: 0,
      parental_code_hash: null,
      logged_with: 'google',
      has_domain_mailbox: 0,
      demo_campaign_id: null,
      demo_expires_at: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `playz_sid=${await createSessionRepository(db.db).create(row.id, 'Web', null)}`;
}

describe('POST /customer/edit (spec 1 §7, §5, §8)', () => {
  it('edits names, gender, phone, address and answers the Customer', async () => {
    const { cookie } = await registerAccount(t.app);
    const res = await edit(cookie, {
      firstname: ' Léa ',
      lastname: 'Moreau',
      gender: 'F',
      phone_number: '06 12 34 56 78',
      address: '3 place Bellecour, 69002 Lyon',
    });
    expect(res.json()).toMatchObject({
      Error: { Number: 0 },
      Response: {
        Customer: {
          firstName: 'Léa',
          lastName: 'Moreau',
          gender: 'F',
          phoneNumber: '0612345678',
          address: '3 place Bellecour, 69002 Lyon',
        },
      },
    });
    expect((await me(cookie)).firstName).toBe('Léa');
    // '' clears the optional fields.
    const cleared = await edit(cookie, { phone_number: '', address: '' });
    expect(cleared.json().Response.Customer).toMatchObject({ phoneNumber: null, address: null });
  });

  it('opts out of the newsletter with optin 0 (spec 1 §7)', async () => {
    const { cookie } = await registerAccount(t.app, { optin: '1' });
    const res = await edit(cookie, { optin: '0' });
    expect(res.json().Response.Customer.optin).toBe(false);
    expect(res.json().Response.Customer.alerts).toContainEqual({
      alertType: 'Newsletter',
      deltaTime: 0,
      enabled: false,
    });
  });

  it('changes the login, refusing the service domain (13) and taken logins (12)', async () => {
    const { cookie } = await registerAccount(t.app);
    const other = await registerAccount(t.app);
    expect(errorNumber(await edit(cookie, { login: 'moi@playz.fr' }))).toBe(13);
    expect(errorNumber(await edit(cookie, { login: 'pas-un-email' }))).toBe(13);
    const taken = await edit(cookie, { login: other.login.toUpperCase(), current_password: 'secret-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().Error).toEqual({ Number: 12, Message: 'Cette adresse email est déjà enregistrée' });
    const login = `nouveau.${randomUUID().slice(0, 8)}@exemple.fr`;
    expect((await edit(cookie, { login, current_password: 'secret-1' })).json().Response.Customer.login).toBe(login);
    expect(await logInAs(t.app, login, 'secret-1')).toMatch(/^playz_sid=/);
  });

  it('refuses an empty first or last name and a phone number that is not French (3)', async () => {
    const { cookie } = await registerAccount(t.app);
    expect(errorNumber(await edit(cookie, { firstname: '  ' }))).toBe(3);
    expect(errorNumber(await edit(cookie, { phone_number: '0012345678' }))).toBe(3);
    expect(errorNumber(await edit(cookie, { phone_number: '06 12 34' }))).toBe(3);
  });

  it('sets a username, refusing invalid (41) and taken ones in any case (40)', async () => {
    const a = await registerAccount(t.app);
    const b = await registerAccount(t.app);
    const name = `Zoé ${randomUUID().slice(0, 6)}`;
    expect((await edit(a.cookie, { username: name })).json().Response.Customer.userName).toBe(name);
    const taken = await edit(b.cookie, { username: name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(errorNumber(taken)).toBe(40);
    expect(errorNumber(await edit(b.cookie, { username: '<script>' }))).toBe(41);
    expect(errorNumber(await edit(b.cookie, { username: 'x' }))).toBe(41);
  });

  it('refuses login, name and password edits for social sign-on accounts (4)', async () => {
    const cookie = await socialAccountCookie();
    const edits: Record<string, string>[] = [
      { login: 'a@exemple.fr' },
      { firstname: 'A' },
      { lastname: 'B' },
      { password: 'secret-9' },
    ];
    for (const fields of edits) {
      const res = await edit(cookie, fields);
      expect(res.statusCode).toBe(403);
      expect(errorNumber(res)).toBe(4);
    }
    // Other fields stay editable.
    expect((await edit(cookie, { optin: '1' })).json().Response.Customer.optin).toBe(true);
  });

  it('answers 11 (HTTP 401) to a visitor', async () => {
    const res = await t.app.inject(post('/customer/edit', { firstname: 'A' }));
    expect(res.statusCode).toBe(401);
    expect(errorNumber(res)).toBe(11);
  });
});

describe('password change (spec 1 §7; sessions, decision 009)', () => {
  it('re-hashes the password and ends every other session, keeping this one', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const otherBrowser = await logInAs(t.app, login, 'secret-1');
    const tv = await t.app.inject(post('/customer', { login, password: 'secret-1', platform: 'Tizen' }));
    const tvToken = String(tv.headers['x-playz-token']);

    const res = await edit(cookie, {
      password: 'nouveau-secret',
      password_confirm: 'nouveau-secret',
      current_password: 'secret-1',
    });
    expect(errorNumber(res)).toBe(0);

    expect((await me(cookie)).logged).toBe(true);
    expect((await me(otherBrowser)).logged).toBe(false);
    const tvCheck = await t.app.inject(get('/customer/token/check', { query: { token: tvToken } }));
    expect(errorNumber(tvCheck)).toBe(42);
    expect(errorNumber(await t.app.inject(post('/customer', { login, password: 'secret-1' })))).toBe(11);
    expect(await logInAs(t.app, login, 'nouveau-secret')).toMatch(/^playz_sid=/);
  });

  it('answers 14 for a short or mismatched password, changing nothing', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const short = await edit(cookie, { password: '1234' });
    expect(short.json().Error).toEqual({ Number: 14, Message: "Le mode passe n'est pas valide" });
    expect(errorNumber(await edit(cookie, { password: 'secret-2', password_confirm: 'secret-3' }))).toBe(14);
    expect(await logInAs(t.app, login, 'secret-1')).toMatch(/^playz_sid=/);
  });
});

describe('login and password change need the current password (decision 032, ASVS V6)', () => {
  it('refuses a new password without the current one (2) or with a wrong one (14), changing nothing', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const other = await logInAs(t.app, login, 'secret-1');
    const missing = await edit(cookie, { password: 'vole-2026', password_confirm: 'vole-2026' });
    expect(missing.json().Error.Number).toBe(2);
    const wrong = await edit(cookie, { password: 'vole-2026', password_confirm: 'vole-2026', current_password: 'x' });
    expect(wrong.json().Error).toEqual({ Number: 14, Message: "Le mode passe n'est pas valide" });
    // The old password still opens the account, and no other session ended.
    expect(await logInAs(t.app, login, 'secret-1')).toMatch(/^playz_sid=/);
    expect((await me(other)).logged).toBe(true);
  });

  it('refuses a new login without the current password (2) or with a wrong one (14)', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const stolen = `voleur.${randomUUID().slice(0, 8)}@exemple.fr`;
    expect(errorNumber(await edit(cookie, { login: stolen }))).toBe(2);
    expect(errorNumber(await edit(cookie, { login: stolen, current_password: 'secret-9' }))).toBe(14);
    expect((await me(cookie)).login).toBe(login);
    // The same login again (any case) is no change and needs nothing.
    expect(errorNumber(await edit(cookie, { login: login.toUpperCase(), firstname: 'Ana' }))).toBe(0);
  });

  it('counts wrong current passwords with log-in, per account and address (429 past 5 a minute)', async () => {
    const { login, cookie } = await registerAccount(t.app);
    clock.hold();
    const attempt = (current: string) =>
      t.app.inject(
        post('/customer/edit', { password: 'vole-2026', current_password: current }, { cookie, ip: '10.66.0.1' }),
      );
    for (let i = 0; i < 5; i += 1) expect(errorNumber(await attempt(`guess-${i}`))).toBe(14);
    expect((await attempt('secret-1')).statusCode).toBe(429);
    // The owner signs in from elsewhere all the same (decision 032).
    const owner = await t.app.inject(post('/customer', { login, password: 'secret-1' }, { ip: '10.66.0.2' }));
    expect(errorNumber(owner)).toBe(0);
  });

  it('asks an account without a password for a sign-in of the last 10 minutes instead (42)', async () => {
    const { login, cookie } = await registerAccount(t.app);
    // A product-login account whose password was never set (no such account is made today).
    await db.db.updateTable('customers').set({ password_hash: null }).where('login', '=', login).execute();
    const fresh = await edit(cookie, { password: 'premier-2026', password_confirm: 'premier-2026' });
    expect(errorNumber(fresh)).toBe(0);

    const { login: oldLogin } = await registerAccount(t.app);
    await db.db.updateTable('customers').set({ password_hash: null }).where('login', '=', oldLogin).execute();
    const customerId = (
      await db.db.selectFrom('customers').select('id').where('login', '=', oldLogin).executeTakeFirstOrThrow()
    ).id;
    const longAgo = new Date(Date.now() - 11 * 60 * 1000);
    const stale = `playz_sid=${await createSessionRepository(db.db).create(customerId, 'Web', null, longAgo)}`;
    expect(errorNumber(await edit(stale, { password: 'premier-2026', password_confirm: 'premier-2026' }))).toBe(42);
  });
});

describe('parental code set and change (spec 1 §5, decision 003)', () => {
  it('sets a 4-digit code; changing it needs the current one', async () => {
    const { cookie } = await registerAccount(t.app);
    expect(errorNumber(await edit(cookie, { parentalCode: '12345' }))).toBe(3);
    expect((await edit(cookie, { parentalCode: '1234' })).json().Response.Customer.hasParentalCode).toBe(true);
    expect(errorNumber(await edit(cookie, { parentalCode: '5678' }))).toBe(4);
    expect(errorNumber(await edit(cookie, { parentalCode: '5678', currentParentalCode: '0000' }))).toBe(4);
    expect(errorNumber(await edit(cookie, { parentalCode: '5678', currentParentalCode: '1234' }))).toBe(0);
    const check = await t.app.inject(post('/customer/parental-code/check', { code: '5678' }, { cookie }));
    expect(check.json().Response).toEqual({ Valid: true });
  });
});

describe('sign out everywhere (decision 009, beyond the spec)', () => {
  it('ends every other session of the account and says how many', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const others = [await logInAs(t.app, login, 'secret-1'), await logInAs(t.app, login, 'secret-1')];
    const res = await t.app.inject(post('/customer/logout/others', {}, { cookie }));
    expect(res.json().Response).toEqual({ Success: true, SignedOut: 2 });
    expect((await me(cookie)).logged).toBe(true);
    for (const other of others) expect((await me(other)).logged).toBe(false);
  });
});

describe('GET /customer/delete (spec 1 §7, decision 009)', () => {
  it('deletes the account and all its sessions; the login is free again', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const other = await logInAs(t.app, login, 'secret-1');
    const res = await t.app.inject(get('/customer/delete', { cookie }));
    expect(res.json()).toEqual({ Response: { Success: true }, Error: { Number: 0, Message: 'ok' } });
    expect(res.cookies.find((c) => c.name === 'playz_sid')?.value).toBe('');
    expect((await me(cookie)).logged).toBe(false);
    expect((await me(other)).logged).toBe(false);
    expect(errorNumber(await t.app.inject(post('/customer', { login, password: 'secret-1' })))).toBe(11);
    const again = await t.app.inject(post('/customer/register', { login, password: 'secret-1' }, { ip: '10.8.0.1' }));
    expect(errorNumber(again)).toBe(0);
  });

  it('keeps billing records without personal data; history and favourites go', async () => {
    const cookie = await logInAs(t.app, 'abonne@playz.fr');
    const before = await me(cookie);
    const id = (
      await db.db.selectFrom('customers').select('id').where('uid', '=', before.UID).executeTakeFirstOrThrow()
    ).id;
    expect(errorNumber(await t.app.inject(get('/customer/delete', { cookie })))).toBe(0);

    const kept = await db.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ login: null, password_hash: null, first_name: null, last_name: null });
    expect(kept.deleted_at).not.toBeNull();
    const subscriptions = await db.db.selectFrom('subscriptions').select('id').where('customer_id', '=', id).execute();
    expect(subscriptions.length).toBeGreaterThan(0);
    const favorites = await db.db.selectFrom('favorites').select('item_id').where('customer_id', '=', id).execute();
    const history = await db.db.selectFrom('processing').select('content_id').where('customer_id', '=', id).execute();
    expect([favorites, history]).toEqual([[], []]);
    expect(
      errorNumber(await t.app.inject(post('/customer', { login: 'abonne@playz.fr', password: 'playz2026' }))),
    ).toBe(11);
    const eligibility = await t.app.inject(get('/customer/eligibility/check', { query: { cuid: before.UID } }));
    expect(eligibility.json().Response).toEqual({ Eligibility: -1 });
  });

  it('refuses a cross-site navigation (a link on another site cannot delete an account)', async () => {
    const { cookie } = await registerAccount(t.app);
    const res = await t.app.inject(get('/customer/delete', { cookie, headers: { 'sec-fetch-site': 'cross-site' } }));
    expect(res.statusCode).toBe(403);
    expect((await me(cookie)).logged).toBe(true);
  });

  it('answers 11 to a visitor', async () => {
    const res = await t.app.inject(get('/customer/delete'));
    expect(res.statusCode).toBe(401);
    expect(errorNumber(res)).toBe(11);
  });
});

describe('calls that need a logged customer answer 11 (HTTP 401) to a visitor (spec 1 §6, §8)', () => {
  it.each([
    post('/customer/edit', { optin: '1' }),
    get('/customer/delete'),
    post('/customer/edit/profile', { username: 'Moi' }),
    post('/customer/profile/delete', { customer_profile_uuid: 'x' }),
    post('/customer/profile/switch', { customer_profile_uuid: 'x' }),
    post('/customer/edit/alert', { alert_type: 'LiveEvent', enabled: '1' }),
    post('/customer/parental-code/check', { code: '1234' }),
    get('/customer/domain-mailbox'),
    get('/customer/active-devices'),
    post('/customer/device/logout', { device_id: 'x' }),
    post('/customer/logout/others', {}),
    post('/customer/consent', { cookie_type_ids: '1' }),
  ])('$method $url', async (request) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Response: null, Error: { Number: 11, Message: 'Connexion impossible' } });
  });
});
