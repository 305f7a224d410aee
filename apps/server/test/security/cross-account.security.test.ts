import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { callOf, contractEndpoints, report, sessionOf, shapeKeys, writeOceanClip } from './security-support';

/**
 * Check 1 (docs/reliability.md): every route that takes an id or touches personal data, called with another
 * customer's session. Customer A owns profiles, favourites, playback positions, a linked TV, a
 * pending TV link code, a billing link code and a pending card billing; customer B (web cookie,
 * then B's TV bearer token) calls every endpoint of the contract with A's ids in every parameter
 * that can carry one. Pass rule: B never reads A's data (no answer to B carries A's login, names, profile, device or billing ids)
 * and never changes it (A's rows in the database and A's own answers are the same after).
 */
let t: TestApp;
let ip = 0;
const freshIp = () => `10.77.${(++ip >> 8) & 255}.${ip & 255}`;

const A_LOGIN = `alice.${Date.now().toString(36)}@exemple.fr`;
const B_LOGIN = `bob.${Date.now().toString(36)}@exemple.fr`;
const A_PROFILE_NAME = 'AliceSecretProfile';
const TV = { platform: 'Tizen', device_udid: 'tv-of-alice' };

interface Owner {
  cookie: string;
  id: number;
  uid: string;
  profileUuids: string[];
  deviceIds: string[];
  tvToken: string;
  pendingLinkCode: string;
  billingLinkCode: string;
  billingId: string;
}
let a: Owner;
let bCookie: string;
let bTvToken: string;
let requests = 0;

const call = (e: { method: 'GET' | 'POST'; path: string }, opts: Parameters<typeof callOf>[1] = {}) => {
  requests += 1;
  return t.app.inject(callOf(e, { ...opts, headers: { 'x-forwarded-for': freshIp(), ...opts.headers } }));
};
const byName = (name: string) => {
  const e = contractEndpoints.find((x) => x.name === name);
  if (!e) throw new Error(`no endpoint ${name}`);
  return e;
};
const ok = async (name: string, opts: Parameters<typeof callOf>[1] = {}) => {
  const res = await call(byName(name), opts);
  expect(res.json().Error.Number, `${name}: ${res.body}`).toBe(0);
  return res;
};

async function register(login: string): Promise<{ cookie: string; customer: Record<string, unknown> }> {
  const res = await ok('register', { fields: { login, password: 'secret-1', optin: '0' } });
  return { cookie: sessionOf(res), customer: res.json().Response.Customer };
}

/** A's rows in every table that holds personal data, without the clocks a read moves. */
async function personalRows(customerId: number) {
  const db = t.database.db;
  const strip = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !/last_seen|updated_at/.test(k))));
  return {
    customer: strip(await db.selectFrom('customers').selectAll().where('id', '=', customerId).execute()),
    profiles: strip(
      await db.selectFrom('customer_profiles').selectAll().where('customer_id', '=', customerId).execute(),
    ),
    favorites: strip(await db.selectFrom('favorites').selectAll().where('customer_id', '=', customerId).execute()),
    processing: strip(await db.selectFrom('processing').selectAll().where('customer_id', '=', customerId).execute()),
    sessions: strip(
      await db
        .selectFrom('sessions')
        .select(['id', 'customer_id', 'device_id', 'profile_id'])
        .where('customer_id', '=', customerId)
        .execute(),
    ),
    devices: strip(await db.selectFrom('devices').selectAll().where('customer_id', '=', customerId).execute()),
    alerts: strip(await db.selectFrom('customer_alerts').selectAll().where('customer_id', '=', customerId).execute()),
    billings: strip(await db.selectFrom('billings').selectAll().where('customer_id', '=', customerId).execute()),
    billingLinks: strip(
      await db.selectFrom('billing_links').selectAll().where('customer_id', '=', customerId).execute(),
    ),
    subscriptions: strip(
      await db.selectFrom('subscriptions').selectAll().where('customer_id', '=', customerId).execute(),
    ),
    // A's approvals. A code a screen waits on is no one's yet: whoever types it approves it (spec 1 §3).
    linkCodes: strip(
      await db.selectFrom('link_codes').selectAll().where('approved_customer_id', '=', customerId).execute(),
    ),
  };
}

/** What A reads of its own account through the API. */
async function ownView(owner: Owner) {
  const customer = (await call(byName('getCustomer'), { cookie: owner.cookie })).json().Response.Customer;
  const tv = (await call(byName('getCustomer'), { bearer: owner.tvToken, fields: { platform: 'Tizen' } })).json()
    .Response.Customer;
  return {
    login: customer.login,
    profiles: customer.profiles,
    tvLogged: tv.logged,
    favorites: (await call(byName('getCustomerFavorites'), { cookie: owner.cookie })).json().Response,
    processing: (await call(byName('getContentsProcessing'), { cookie: owner.cookie })).json().Response,
  };
}

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_SIMULTANEOUS_DEVICES: '20' }, listen: true });
  writeOceanClip(t.config.dataDir);
  const alice = await register(A_LOGIN);
  const cookie = alice.cookie;
  await ok('editProfile', { cookie, fields: { username: A_PROFILE_NAME } });
  await ok('setContentFavorite', { cookie, params: { id: '1001' }, fields: { is_favorite: '1' } });
  await ok('setContentListFavorite', { cookie, params: { id: '2002' }, fields: { is_favorite: '1' } });
  await ok('setContentPlaybackStatus', { cookie, params: { id: '1001' }, fields: { playback_time: '42' } });
  await ok('setEpisodePlaybackStatus', { cookie, params: { id: '21021' }, fields: { playbackTime: '30' } });
  await ok('editAlert', { cookie, fields: { alert_type: 'Newsletter', enabled: '1' } });
  // A's TV, logged in by link code; and a second code the TV is waiting on.
  const linked = (await ok('createAccountLink', { fields: { action: 'login', ...TV } })).json().Response.Link.code;
  await ok('approveAccountLink', { cookie, fields: { code: linked, data: '{"requested_url":"/series"}' } });
  const status = await ok('getAccountLinkStatus', { fields: { code: linked, ...TV } });
  const tvToken = status.headers['x-playz-token'] as string;
  const pendingLinkCode = (await ok('createAccountLink', { fields: { action: 'login', ...TV } })).json().Response.Link
    .code;
  const billingLinkCode = (await ok('getBillingLink', { cookie })).json().Response.Link?.code ?? '';
  const card = await call(byName('getCreditCardUrl'), { cookie, fields: { product_id: '2', product_price_id: '13' } });
  const billingId = String(card.json().Response?.BillingID ?? '');
  const customer = (await ok('getCustomer', { cookie })).json().Response.Customer;
  const row = await t.database.db
    .selectFrom('customers')
    .select('id')
    .where('login', '=', A_LOGIN)
    .executeTakeFirstOrThrow();
  const devices = await t.database.db
    .selectFrom('devices')
    .select(['id', 'uid'])
    .where('customer_id', '=', row.id)
    .execute();
  a = {
    cookie,
    id: row.id,
    uid: String(customer.UID),
    profileUuids: (customer.profiles as { UUID: string }[]).map((p) => p.UUID),
    deviceIds: devices.flatMap((d) => [String(d.id), String(d.uid)]),
    tvToken,
    pendingLinkCode,
    billingLinkCode,
    billingId,
  };
  bCookie = (await register(B_LOGIN)).cookie;
  const bTv = { platform: 'Tizen', device_udid: 'tv-of-bob' };
  const bCode = (await ok('createAccountLink', { fields: { action: 'login', ...bTv } })).json().Response.Link.code;
  await ok('approveAccountLink', { cookie: bCookie, fields: { code: bCode } });
  bTvToken = (await ok('getAccountLinkStatus', { fields: { code: bCode, ...bTv } })).headers['x-playz-token'] as string;
  const bTvView = (await ok('getCustomer', { bearer: bTvToken, fields: { platform: 'Tizen' } })).json().Response;
  expect(bTvView.Customer).toMatchObject({ logged: true, login: B_LOGIN });
}, 60_000);
afterAll(async () => {
  report('cross-account', { endpoints: contractEndpoints.length, requests });
  await t?.close();
});

/** The values of A a parameter of that name could carry. */
function candidatesFor(key: string): string[] {
  const k = key.toLowerCase();
  if (k === 'customer_profile_uuid') return a.profileUuids;
  if (k === 'device_id') return a.deviceIds;
  if (k === 'billing_id' || k === 'billing_credit_id' || k === 'subscription_id') return [a.billingId];
  if (k === 'code') return [a.pendingLinkCode, a.billingLinkCode].filter(Boolean);
  if (k === 'token') return [a.billingLinkCode].filter(Boolean);
  if (k === 'cuid') return [a.uid, String(a.id)];
  if (k === 'login' || k === 'email') return [A_LOGIN];
  if (k === 'id') return [a.uid, String(a.id), ...a.profileUuids];
  return [];
}

/** A plain valid value for a parameter that carries nothing of A. */
function plainValue(key: string, schema: unknown): string {
  let s = schema as { def?: { type?: string; innerType?: unknown }; options?: unknown[] };
  while (s.def?.type === 'optional' || s.def?.type === 'nullable') s = s.def.innerType as typeof s;
  if (s.def?.type === 'enum' && Array.isArray(s.options)) return String(s.options[0]);
  const k = key.toLowerCase();
  if (k === 'id' || k.endsWith('_id') || k === 'contents') return '1001';
  if (k === 'type') return 'credit-card';
  if (k === 'data') return '{"requested_url":"/customer"}';
  if (k === 'msisdn') return '0600000000';
  return '1';
}

/** Ends B's own session or account: called last, on their own. */
const SELF_ENDING = new Set(['logOut', 'deleteAccount', 'logOutOthers']);

describe('check 1: another customer’s session (docs/reliability.md) — B never reads or changes A’s data', () => {
  const sweep = contractEndpoints.filter((e) => !SELF_ENDING.has(e.name));

  it(`every endpoint of the contract, with A's ids in every parameter and B's session: no answer carries A's data, A's rows and view unchanged`, async () => {
    // A's data is all there: two profiles, a device, a TV token, both codes and a billing.
    expect(a.profileUuids).toHaveLength(2);
    expect([a.tvToken, a.pendingLinkCode, a.billingLinkCode, a.billingId].every(Boolean)).toBe(true);
    const rowsBefore = await personalRows(a.id);
    expect(rowsBefore.favorites).toHaveLength(2);
    expect(rowsBefore.processing.length).toBeGreaterThan(0);
    expect(rowsBefore.billings).toHaveLength(1);
    const viewBefore = await ownView(a);
    const secrets = [A_LOGIN, A_PROFILE_NAME, ...a.profileUuids, a.tvToken, a.uid].filter((x) => x.length >= 6);
    const leaks: string[] = [];
    let cases = 0;
    for (const e of sweep) {
      const keys = [
        ...shapeKeys(e.params).map((k) => ['params', k] as const),
        ...shapeKeys(e.method === 'GET' ? e.query : e.body).map((k) => ['fields', k] as const),
      ];
      const shapes = {
        params: (e.params as { shape?: Record<string, unknown> })?.shape ?? {},
        fields: ((e.method === 'GET' ? e.query : e.body) as { shape?: Record<string, unknown> })?.shape ?? {},
      };
      const base = {
        params: Object.fromEntries(
          keys.filter(([w]) => w === 'params').map(([, k]) => [k, plainValue(k, shapes.params[k])]),
        ),
        fields: Object.fromEntries(
          keys.filter(([w]) => w === 'fields').map(([, k]) => [k, plainValue(k, shapes.fields[k])]),
        ),
      };
      // Once with plain values and A's customer id as the common `cuid`, then once per value of A
      // each parameter could carry.
      const variants: { params: Record<string, string>; fields: Record<string, string> }[] = [
        { params: base.params, fields: { ...base.fields, cuid: a.uid } },
      ];
      for (const [where, k] of keys) {
        for (const value of candidatesFor(k)) {
          variants.push({ ...base, [where]: { ...base[where], [k]: value } });
        }
      }
      // With B's web cookie, then with the bearer token of B's TV.
      for (const v of variants) {
        for (const who of [{ cookie: bCookie }, { bearer: bTvToken }]) {
          cases += 1;
          const fields = who.bearer && e.method === 'GET' ? { platform: 'Tizen', ...v.fields } : v.fields;
          const res = await call(e, { ...who, params: v.params, fields });
          expect(res.statusCode, `${e.name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          const found = secrets.filter((s) => res.body.includes(s) && !JSON.stringify(v).includes(s));
          if (found.length) leaks.push(`${e.name} ${JSON.stringify({ who, v })} → carries ${found.join(', ')}`);
        }
      }
    }
    report('cross-account sweep', { endpoints: sweep.length, cases });
    expect(leaks).toEqual([]);
    expect(await personalRows(a.id)).toEqual(rowsBefore);
    expect(await ownView(a)).toEqual(viewBefore);
  });

  it("A's ids refused to B where they name A's things: profile edit, switch and delete, device log-out, billing confirm and data, billing link status", async () => {
    const refusals: [string, Parameters<typeof callOf>[1]][] = [
      ['editProfile', { fields: { customer_profile_uuid: a.profileUuids[1]!, username: 'Hijacked' } }],
      ['switchProfile', { fields: { customer_profile_uuid: a.profileUuids[1]! } }],
      ['deleteProfile', { fields: { customer_profile_uuid: a.profileUuids[1]! } }],
      ['confirmCreditCard', { fields: { billing_id: a.billingId } }],
      ['getBillingData', { params: { type: 'credit-card' }, fields: { billing_id: a.billingId } }],
      ['confirmPaypal', { fields: { billing_id: a.billingId } }],
      ['getBillingLinkStatus', { fields: { code: a.billingLinkCode } }],
    ];
    for (const id of a.deviceIds) refusals.push(['logOutDevice', { fields: { device_id: id } }]);
    for (const [name, opts] of refusals) {
      const res = await call(byName(name), { cookie: bCookie, ...opts });
      expect(res.json().Error.Number, `${name}: ${res.body.slice(0, 300)}`).not.toBe(0);
    }
  });

  it("B's log-out, log-out of others and account deletion end B's sessions only: A's web session and TV token stay signed in", async () => {
    const before = await ownView(a);
    await ok('logOutOthers', { cookie: bCookie });
    await ok('deleteAccount', { cookie: bCookie, fields: { cuid: a.uid } });
    await call(byName('logOut'), { cookie: bCookie, fields: { cuid: a.uid } });
    expect(await ownView(a)).toEqual(before);
    expect(before.tvLogged).toBe(true);
  });
});
