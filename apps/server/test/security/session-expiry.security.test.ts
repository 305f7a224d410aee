import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../src/sessions/session.repository';
import { createTestApp, type TestApp } from '../test-app';
import { callOf, contractEndpoints, logIn, report, writeOceanClip } from './security-support';

/**
 * Check 8 (docs/reliability.md): a session's expiry by time (decision 005: 6 months, spec 1 §9). The app's
 * clock is moved to a minute before the lifetime of a web session and a TV's token (alive, a
 * stream granted), then to a minute after. Pass rule: past its lifetime the cookie and the token
 * get exactly a visitor's answer on every personal call and `logged: false` on /customer, and the
 * stream granted a minute before stops: no manifest, no segment.
 */
let t: TestApp;
let clockOffset = 0;
let ip = 0;
let requests = 0;
const freshIp = () => `10.89.${(++ip >> 8) & 255}.${ip & 255}`;
type Credential = { cookie?: string; bearer?: string };
const TV = { platform: 'Tizen', device_udid: 'tv-expiry' };
const byName = (name: string) => contractEndpoints.find((x) => x.name === name)!;
const envelope = (res: LightMyRequestResponse) => res.json() as { Response: unknown; Error: { Number: number } };

function call(name: string, who: Credential, opts: Parameters<typeof callOf>[1] = {}) {
  requests += 1;
  const tv = who.bearer ? TV : {};
  const e = byName(name);
  return t.app.inject(
    callOf(e, {
      ...opts,
      ...who,
      fields: e.method === 'GET' ? { ...tv, ...opts.fields } : opts.fields,
      headers: { 'x-forwarded-for': freshIp() },
    }),
  );
}

const PERSONAL: [string, Parameters<typeof callOf>[1]][] = [
  ['getCustomerFavorites', {}],
  ['getContentsProcessing', {}],
  ['getActiveDevices', {}],
  ['setContentFavorite', { params: { id: '1001' }, fields: { is_favorite: '1' } }],
  ['setContentPlaybackStatus', { params: { id: '1001' }, fields: { playback_time: '12' } }],
  ['editProfile', { fields: { username: 'Expiré' } }],
  ['getContentAdaptiveUrl', { params: { id: '1001' }, fields: { target: 'player_dash' } }],
];

const logged = async (who: Credential) =>
  (envelope(await call('getCustomer', who)).Response as { Customer: { logged: boolean } }).Customer.logged;

beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(Date.now() + clockOffset),
    env: { MAX_SIMULTANEOUS_DEVICES: '20' },
  });
  writeOceanClip(t.config.dataDir);
}, 60_000);
afterAll(async () => {
  report('session expiry', { requests });
  await t?.close();
});

/** The TV's bearer token, signed in by link code with the web session `cookie` (spec 1 §3). */
async function tvToken(cookie: string): Promise<string> {
  const code = envelope(await call('createAccountLink', {}, { fields: { action: 'login', ...TV } })).Response as {
    Link: { code: string };
  };
  await call('approveAccountLink', { cookie }, { fields: { code: code.Link.code } });
  const status = await call('getAccountLinkStatus', {}, { fields: { code: code.Link.code, ...TV } });
  const token = status.headers['x-playz-token'];
  if (typeof token !== 'string') throw new Error(`no TV token: ${status.body}`);
  return token;
}

describe('check 8: a session past its lifetime (docs/reliability.md, decision 005) — a visitor everywhere, its stream stops', () => {
  it('web cookie and TV token: alive a minute before the 6 months, a visitor a minute after; the stream granted before stops', async () => {
    const cookie = await logIn(t.app, 'abonne@playz.fr', 'playz2026', freshIp());
    // The subscriber keeps the right past the session's lifetime: only the session may end the stream.
    const subscriber = await t.database.db
      .selectFrom('customers')
      .select('id')
      .where('login', '=', 'abonne@playz.fr')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('subscriptions')
      .set({ expiration_date: new Date(Date.now() + 2 * SESSION_LIFETIME_MS).toISOString() })
      .where('customer_id', '=', subscriber.id)
      .execute();
    const bearer = await tvToken(cookie);

    clockOffset = SESSION_LIFETIME_MS - 60_000;
    expect(await logged({ cookie })).toBe(true);
    expect(await logged({ bearer })).toBe(true);
    const granted = envelope(
      await call('getContentAdaptiveUrl', { cookie }, { params: { id: '1001' }, fields: { target: 'player_dash' } }),
    );
    expect(granted.Error.Number, JSON.stringify(granted)).toBe(0);
    const manifestUrl = (granted.Response as { AdaptiveStream: { url: string } }).AdaptiveStream.url;
    const manifest = await t.app.inject(manifestUrl);
    expect(manifest.statusCode).toBe(200);
    const base = /<BaseURL>([^<]+)<\/BaseURL>/.exec(manifest.body)![1]!;
    const segment = `${base}chunk-stream0-00001.m4s`;
    expect((await t.app.inject(segment)).statusCode).toBe(200);

    clockOffset = SESSION_LIFETIME_MS + 60_000;
    for (const [who, label] of [
      [{ cookie }, 'web cookie'],
      [{ bearer }, 'TV token'],
    ] as const) {
      expect(await logged(who), `${label}: /customer`).toBe(false);
      for (const [name, opts] of PERSONAL) {
        const expired = envelope(await call(name, who, opts));
        // A TV visitor: a token the server does not know (the web one: no cookie at all).
        const visitor = envelope(await call(name, who.bearer ? { bearer: 'not-a-token' } : {}, opts));
        expect(expired, `${label}: ${name}`).toEqual(visitor);
        expect([4, 11], `${label}: ${name} answered ${JSON.stringify(expired).slice(0, 200)}`).toContain(
          expired.Error.Number,
        );
      }
    }
    expect((await t.app.inject(manifestUrl)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject(segment)).statusCode).toBe(403);
  });
});
