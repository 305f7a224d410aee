import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccountsCommand } from '../src/cli/accounts';
import type { Db } from '../src/db/connect';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, get, openDatabase, post, registerAccount } from './accounts-test-support';

const SERVER_SECRET = 'test-secret-test-secret-test-secret';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = openDatabase(t.config);
});
afterAll(async () => {
  await db.close();
  await t.close();
});

const me = async (cookie: string) => (await t.app.inject(get('/customer', { cookie }))).json().Response.Customer;
const tvIdentity = {
  platform: 'AndroidTV',
  device_type: 'TV',
  device_udid: 'udid-salon',
  device_vendor: 'Sony',
  device_model: 'Bravia XR',
  device_mac: '00:11:22:33:44:55',
  device_system_name: 'Android',
  device_system_version: '12',
  app_version: '2.4.0',
};

async function run(args: string[]) {
  const lines: string[] = [];
  const code = await runAccountsCommand(args, { db: db.db, serverSecret: SERVER_SECRET, print: (l) => lines.push(l) });
  return { code, output: lines.join('\n') };
}

describe('devices (spec 1 §3 Device identity, §7 active devices)', () => {
  it('registers each device with its identity at log-in and lists the active ones, this one flagged', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const tv = await t.app.inject(post('/customer', { login, password: 'secret-1', ...tvIdentity }));
    expect(errorNumber(tv)).toBe(0);
    // The same TV logging in again is the same device.
    await t.app.inject(post('/customer', { login, password: 'secret-1', ...tvIdentity }));

    const res = await t.app.inject(get('/customer/active-devices', { cookie }));
    const devices = res.json().Response.Devices as Record<string, unknown>[];
    expect(devices).toHaveLength(2);
    expect(devices.find((d) => d.platform === 'AndroidTV')).toMatchObject({
      type: 'TV',
      udid: 'udid-salon',
      vendor: 'Sony',
      model: 'Bravia XR',
      mac: '00:11:22:33:44:55',
      systemName: 'Android',
      systemVersion: '12',
      appVersion: '2.4.0',
      isCurrent: false,
    });
    expect(devices.find((d) => d.platform === 'Web')).toMatchObject({ isCurrent: true });
  });

  it('signs one device out: its sessions end, the others stay', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const tv = await t.app.inject(post('/customer', { login, password: 'secret-1', ...tvIdentity }));
    const tvToken = String(tv.headers['x-playz-token']);
    const devices = (await t.app.inject(get('/customer/active-devices', { cookie }))).json().Response.Devices;
    const tvDevice = devices.find((d: { platform: string }) => d.platform === 'AndroidTV');

    const res = await t.app.inject(post('/customer/device/logout', { device_id: tvDevice.ID }, { cookie }));
    expect(res.json().Response).toEqual({ Success: true });
    expect(errorNumber(await t.app.inject(get('/customer/token/check', { query: { token: tvToken } })))).toBe(42);
    expect((await me(cookie)).logged).toBe(true);
    const after = (await t.app.inject(get('/customer/active-devices', { cookie }))).json().Response.Devices;
    expect(after).toHaveLength(1);
  });

  it("answers 7 for another account's device and 11 to a visitor", async () => {
    const a = await registerAccount(t.app);
    const b = await registerAccount(t.app);
    const [bDevice] = (await t.app.inject(get('/customer/active-devices', { cookie: b.cookie }))).json().Response
      .Devices;
    const res = await t.app.inject(post('/customer/device/logout', { device_id: bDevice.ID }, { cookie: a.cookie }));
    expect(res.statusCode).toBe(404);
    expect(errorNumber(res)).toBe(7);
    expect((await me(b.cookie)).logged).toBe(true);
    expect((await t.app.inject(get('/customer/active-devices'))).statusCode).toBe(401);
    expect(errorNumber(await t.app.inject(post('/customer/device/logout', { device_id: bDevice.ID })))).toBe(11);
  });
});

describe('GET /customer/token/check (spec 1 §7, §8)', () => {
  it('answers Success for a live device token and 42 (HTTP 401) for an unknown one', async () => {
    const tv = await t.app.inject(
      post('/customer', { login: 'visiteur@playz.fr', password: 'playz2026', platform: 'Tizen' }),
    );
    const ok = await t.app.inject(
      get('/customer/token/check', { query: { token: String(tv.headers['x-playz-token']) } }),
    );
    expect(ok.json().Response).toEqual({ Success: true });
    const bad = await t.app.inject(get('/customer/token/check', { query: { token: 'not-a-token' } }));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().Error.Number).toBe(42);
    expect(errorNumber(await t.app.inject(get('/customer/token/check')))).toBe(2);
  });

  it('answers 42 once the device logged out', async () => {
    const tv = await t.app.inject(
      post('/customer', { login: 'visiteur@playz.fr', password: 'playz2026', platform: 'Tizen' }),
    );
    const token = String(tv.headers['x-playz-token']);
    await t.app.inject(get('/customer/logout', { headers: { authorization: `Bearer ${token}` } }));
    expect(errorNumber(await t.app.inject(get('/customer/token/check', { query: { token } })))).toBe(42);
  });
});

describe('GET /customer/eligibility/check (spec 1 §7, decision 010)', () => {
  it('answers 1 for a customer who never subscribed, 0 for a subscriber, -1 when missing or unknown', async () => {
    const { customer } = await registerAccount(t.app);
    const subscriber = await me(await logInAs(t.app, 'abonne@playz.fr'));
    const eligibility = async (query?: Record<string, string>) =>
      (await t.app.inject(get('/customer/eligibility/check', { query }))).json().Response.Eligibility;
    expect(await eligibility({ cuid: String(customer.UID) })).toBe(1);
    expect(await eligibility({ cuid: subscriber.UID })).toBe(0);
    expect(await eligibility({ cuid: 'unknown-cuid' })).toBe(-1);
    expect(await eligibility()).toBe(-1);
  });
});

describe('GET /customer/domain-mailbox (spec 1 §2 welcome, §7)', () => {
  it('shows the generated mailbox login and password to its owner only, until the password changes', async () => {
    const created = await run(['create-mailbox-account']);
    expect(created.code).toBe(0);
    const [, login, password] = /^Created (\S+@playz\.fr) with password (\S+)$/.exec(created.output) ?? [];
    expect(login).toBeDefined();
    const cookie = await logInAs(t.app, login!, password!);
    expect((await me(cookie)).hasDomainMailbox).toBe(true);
    const res = await t.app.inject(get('/customer/domain-mailbox', { cookie }));
    expect(res.json().Response).toEqual({ Login: login, Password: password });
    // Only a hash and a sealed copy are stored.
    const row = await db.db.selectFrom('customers').selectAll().where('login', '=', login!).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(password);

    const changed = await t.app.inject(
      post('/customer/edit', { password: 'mon-secret', current_password: password! }, { cookie }),
    );
    expect(changed.json().Error.Number).toBe(0);
    expect((await t.app.inject(get('/customer/domain-mailbox', { cookie }))).json().Response).toEqual({
      Login: login,
      Password: null,
    });
  });

  it('answers 7 for an account without mailbox and 11 to a visitor', async () => {
    const { cookie } = await registerAccount(t.app);
    expect(errorNumber(await t.app.inject(get('/customer/domain-mailbox', { cookie })))).toBe(7);
    expect(errorNumber(await t.app.inject(get('/customer/domain-mailbox')))).toBe(11);
  });
});

describe('POST /customer/consent: cookie choices follow the account (spec 3 §4)', () => {
  it('stores the accepted cookie types, always with the mandatory ones, and shows them on the Customer', async () => {
    const { login, cookie } = await registerAccount(t.app);
    expect((await me(cookie)).consent).toBeNull();
    const res = await t.app.inject(post('/customer/consent', { cookie_type_ids: '2' }, { cookie }));
    expect(res.json().Response.Consent.acceptedCookieTypeIds).toEqual([1, 2]);
    // Another device of the same customer sees the choice.
    const elsewhere = await logInAs(t.app, login, 'secret-1');
    expect((await me(elsewhere)).consent).toMatchObject({ acceptedCookieTypeIds: [1, 2] });
    const onlyFunctional = await t.app.inject(post('/customer/consent', { cookie_type_ids: '' }, { cookie }));
    expect(onlyFunctional.json().Response.Consent.acceptedCookieTypeIds).toEqual([1]);
  });

  it('answers 3 for unknown cookie types and 11 to a visitor', async () => {
    const { cookie } = await registerAccount(t.app);
    expect(errorNumber(await t.app.inject(post('/customer/consent', { cookie_type_ids: '1,99' }, { cookie })))).toBe(3);
    expect(errorNumber(await t.app.inject(post('/customer/consent', { cookie_type_ids: 'a' }, { cookie })))).toBe(3);
    expect(errorNumber(await t.app.inject(post('/customer/consent', { cookie_type_ids: '1' })))).toBe(11);
  });
});

describe('operator command: npm run accounts (decision 009, breach response)', () => {
  it('sign-out <login> ends every session of one account', async () => {
    const { login, cookie } = await registerAccount(t.app);
    const other = await registerAccount(t.app);
    const result = await run(['sign-out', login.toUpperCase()]);
    expect(result).toEqual({ code: 0, output: `Signed out 1 session(s) of ${login}.` });
    expect((await me(cookie)).logged).toBe(false);
    expect((await me(other.cookie)).logged).toBe(true);
    expect((await run(['sign-out', 'personne@exemple.fr'])).code).toBe(1);
  });

  it('sign-out-all ends every session of every account and says how many', async () => {
    const a = await registerAccount(t.app);
    const b = await logInAs(t.app, 'demo@playz.fr');
    const result = await run(['sign-out-all']);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/^Signed out [1-9]\d* session\(s\) of every account\.$/);
    expect((await me(a.cookie)).logged).toBe(false);
    expect((await me(b)).logged).toBe(false);
  });

  it('prints its usage for an unknown command', async () => {
    expect((await run(['explode'])).code).toBe(1);
  });
});
