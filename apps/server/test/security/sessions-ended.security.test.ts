import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { callOf, contractEndpoints, logIn, report, sessionOf, writeOceanClip } from './security-support';

/**
 * Check 3 (docs/reliability.md): sessions are dead after log-out, account deletion, password change, "log
 * out the others" and a device's log-out, for the web cookie and the TV's bearer token alike.
 * Pass rule: every personal call made with the ended session answers exactly what a visitor gets,
 * the catalogue's "not logged" error (4 forbidden or 11 authentication failed) on every call but
 * is-favorite and playback stop (which answer visitors too), `logged: false` on /customer, and its stream URLs stop serving.
 */
let t: TestApp;
let ip = 0;
const freshIp = () => `10.88.${(++ip >> 8) & 255}.${ip & 255}`;
let requests = 0;
let cases = 0;

type Credential = { cookie?: string; bearer?: string };
const byName = (name: string) => contractEndpoints.find((x) => x.name === name)!;
const call = (name: string, who: Credential, opts: Parameters<typeof callOf>[1] = {}) => {
  requests += 1;
  const tv: Record<string, string> = who.bearer ? { platform: 'Tizen', device_udid: 'tv-sessions' } : {};
  return t.app.inject(
    callOf(byName(name), {
      ...opts,
      ...who,
      fields: byName(name).method === 'GET' ? { ...tv, ...opts.fields } : opts.fields,
      headers: { 'x-forwarded-for': freshIp() },
    }),
  );
};

/** Calls that need a signed-in customer, with plain valid arguments. */
const PERSONAL: [string, Parameters<typeof callOf>[1]][] = [
  ['getCustomerFavorites', {}],
  ['getContentFavorites', {}],
  ['getContentListFavorites', {}],
  ['getContentsProcessing', {}],
  ['getActiveDevices', {}],
  ['getDomainMailbox', {}],
  ['getBillingLink', {}],
  ['isContentFavorite', { params: { id: '1001' } }],
  ['setContentFavorite', { params: { id: '1001' }, fields: { is_favorite: '1' } }],
  ['setContentPlaybackStatus', { params: { id: '1001' }, fields: { playback_time: '12' } }],
  ['editProfile', { fields: { username: 'Zombie' } }],
  ['editCustomer', { fields: { firstname: 'Zombie' } }],
  ['editAlert', { fields: { alert_type: 'Newsletter', enabled: '1' } }],
  ['logOutOthers', {}],
  ['stopPlayback', {}],
  ['getCreditCardUrl', { fields: { product_id: '2', product_price_id: '13' } }],
];
const NOT_LOGGED = [4, 11];
const ANSWERS_VISITORS = new Set(['isContentFavorite', 'stopPlayback']);

const envelope = (res: LightMyRequestResponse) => res.json() as { Response: unknown; Error: { Number: number } };

/** The ended credential gets what a visitor gets, on every personal call and on /customer. */
async function expectDead(who: Credential, label: string) {
  for (const [name, opts] of PERSONAL) {
    cases += 1;
    const dead = envelope(await call(name, who, opts));
    const visitor = envelope(await call(name, {}, opts));
    expect(dead, `${label}: ${name}`).toEqual(visitor);
    // Two calls answer a visitor by design (is-favorite: false, playback stop: done); the others refuse.
    if (!ANSWERS_VISITORS.has(name)) {
      expect(NOT_LOGGED, `${label}: ${name} answered ${JSON.stringify(dead).slice(0, 200)}`).toContain(
        dead.Error.Number,
      );
    }
  }
  cases += 1;
  const me = envelope(await call('getCustomer', who));
  expect((me.Response as { Customer: { logged: boolean } }).Customer.logged, `${label}: /customer`).toBe(false);
}

async function expectAlive(who: Credential, label: string) {
  cases += 1;
  const me = envelope(await call('getCustomer', who));
  expect((me.Response as { Customer: { logged: boolean } }).Customer.logged, `${label}: /customer`).toBe(true);
}

async function register(): Promise<{ login: string; cookie: string }> {
  const login = `sess.${Date.now().toString(36)}.${++ip}@exemple.fr`;
  const res = await call('register', {}, { fields: { login, password: 'secret-1', optin: '0' } });
  return { login, cookie: sessionOf(res) };
}

/** A TV signed in to the account of `cookie` by link code (spec 1 §3): its bearer token. */
async function tvToken(cookie: string): Promise<string> {
  const tv = { platform: 'Tizen', device_udid: `tv-${++ip}` };
  const code = envelope(await call('createAccountLink', {}, { fields: { action: 'login', ...tv } })).Response as {
    Link: { code: string };
  };
  await call('approveAccountLink', { cookie }, { fields: { code: code.Link.code } });
  const status = await call('getAccountLinkStatus', {}, { fields: { code: code.Link.code, ...tv } });
  const token = status.headers['x-playz-token'];
  if (typeof token !== 'string') throw new Error(`no TV token: ${status.body}`);
  return token;
}

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_SIMULTANEOUS_DEVICES: '20' } });
  writeOceanClip(t.config.dataDir);
}, 60_000);
afterAll(async () => {
  report('sessions ended', { cases, requests });
  await t?.close();
});

describe('check 3: ended sessions (docs/reliability.md) — the old cookie or TV token gets what a visitor gets, the "not logged" error', () => {
  it('log-out: the web cookie is dead, and so are the stream URLs it was given; the TV token likewise after its own log-out', async () => {
    const web = await logIn(t.app, 'abonne@playz.fr', 'playz2026', freshIp());
    const stream = envelope(
      await call(
        'getContentAdaptiveUrl',
        { cookie: web },
        { params: { id: '1001' }, fields: { target: 'player_dash' } },
      ),
    ).Response as { AdaptiveStream: { url: string } };
    const manifest = await t.app.inject(stream.AdaptiveStream.url);
    expect(manifest.statusCode).toBe(200);
    const base = /<BaseURL>([^<]+)<\/BaseURL>/.exec(manifest.body)![1]!;
    expect((await t.app.inject(`${base}chunk-stream0-00001.m4s`)).statusCode).toBe(200);
    expect(envelope(await call('logOut', { cookie: web })).Error.Number).toBe(0);
    await expectDead({ cookie: web }, 'web after log-out');
    expect((await t.app.inject(`${base}chunk-stream0-00001.m4s`)).statusCode).toBe(403);
    expect((await t.app.inject(stream.AdaptiveStream.url)).statusCode).toBeGreaterThanOrEqual(400);

    const { cookie } = await register();
    const bearer = await tvToken(cookie);
    await expectAlive({ bearer }, 'TV before its log-out');
    expect(envelope(await call('logOut', { bearer })).Error.Number).toBe(0);
    await expectDead({ bearer }, 'TV after its log-out');
    await expectAlive({ cookie }, 'the web session of the same account');
  });

  it('account deletion: every web session and TV token of the account is dead, and its login no longer signs in', async () => {
    const { login, cookie } = await register();
    const other = await logIn(t.app, login, 'secret-1', freshIp());
    const bearer = await tvToken(cookie);
    expect(envelope(await call('deleteAccount', { cookie })).Error.Number).toBe(0);
    await expectDead({ cookie }, 'the deleting session');
    await expectDead({ cookie: other }, 'another web session');
    await expectDead({ bearer }, 'the TV token');
    await expect(logIn(t.app, login, 'secret-1', freshIp())).rejects.toThrow();
  });

  it('password change: every other web session and the TV token are dead, the old password no longer signs in', async () => {
    const { login, cookie } = await register();
    const other = await logIn(t.app, login, 'secret-1', freshIp());
    const bearer = await tvToken(cookie);
    const changed = await call(
      'editCustomer',
      { cookie },
      { fields: { password: 'secret-2', password_confirm: 'secret-2', current_password: 'secret-1' } },
    );
    expect(envelope(changed).Error.Number, changed.body).toBe(0);
    await expectAlive({ cookie }, 'the session that changed it (kept, decision 009)');
    await expectDead({ cookie: other }, 'another web session');
    await expectDead({ bearer }, 'the TV token');
    await expect(logIn(t.app, login, 'secret-1', freshIp())).rejects.toThrow();
    expect(await logIn(t.app, login, 'secret-2', freshIp())).toMatch(/^playz_sid=/);
  });

  it('"log out the others" and a device log-out: the sessions they name are dead', async () => {
    const { login, cookie } = await register();
    const other = await logIn(t.app, login, 'secret-1', freshIp());
    const bearer = await tvToken(cookie);
    expect(envelope(await call('logOutOthers', { cookie })).Error.Number).toBe(0);
    await expectDead({ cookie: other }, 'another web session after log-out of the others');
    await expectDead({ bearer }, 'the TV token after log-out of the others');
    await expectAlive({ cookie }, 'the session that asked');

    const bearer2 = await tvToken(cookie);
    const devices = envelope(await call('getActiveDevices', { cookie })).Response as {
      Devices?: { id?: string | number; ID?: string | number; current?: boolean; isCurrent?: boolean }[];
    };
    const list = Object.values(devices ?? {}).find(Array.isArray) as Record<string, unknown>[];
    const tv = list.find((d) => JSON.stringify(d).includes('Tizen'));
    expect(tv, JSON.stringify(devices)).toBeDefined();
    const id = String(tv!.id ?? tv!.ID ?? tv!.deviceId ?? tv!.DeviceID);
    expect(envelope(await call('logOutDevice', { cookie }, { fields: { device_id: id } })).Error.Number).toBe(0);
    await expectDead({ bearer: bearer2 }, 'the TV token after its device was logged out');
  });
});
