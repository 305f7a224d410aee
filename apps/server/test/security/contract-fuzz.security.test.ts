import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, commonParamsSchema } from '@playz/api-contract';
import { createTestApp, type TestApp } from '../test-app';
import {
  callOf,
  contractEndpoints,
  envelopeBreach,
  logIn,
  report,
  sessionOf,
  writeOceanClip,
} from './security-support';

/**
 * Check 4 (docs/reliability.md): property-based fuzzing of every endpoint from its contract schema. Each
 * request fills every parameter of the endpoint's params, query and body (and some common
 * parameters) with a valid-shaped value, a hostile one or nothing, under a random session (or a
 * forged cookie, a forged TV bearer token, a logged-out session's cookie) and
 * random Origin / Sec-Fetch-Site / Content-Type headers. Pass rule: no 5xx, and every answer
 * under /api/1.2 is the envelope with a number of the error catalogue.
 *
 * SECURITY_FUZZ_RUNS (default 10,000) is the number of contract requests a run makes, shared
 * evenly by the endpoints; SECURITY_FUZZ_SEED replays a run.
 */
const TOTAL_RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 10_000);
const SEED = process.env.SECURITY_FUZZ_SEED ? Number(process.env.SECURITY_FUZZ_SEED) : undefined;
const RUNS_PER_ENDPOINT = Math.max(1, Math.ceil(TOTAL_RUNS / contractEndpoints.length));

let t: TestApp;
/** Sessions a request may carry; replaced when a request may have ended one. */
const sessions: { cookie: string; login: string }[] = [];
let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
let requests = 0;
/** The cookie of a session logged out at the start. */
let endedCookie = '';
let fiveHundreds = 0;

async function newSession(): Promise<{ cookie: string; login: string }> {
  const login = `fuzz.${Date.now().toString(36)}.${++ipCounter}@exemple.fr`;
  const res = await t.app.inject(
    callOf(
      { method: 'POST', path: '/customer/register' },
      { fields: { login, password: 'fuzz-secret-1', optin: '0' }, headers: { 'x-forwarded-for': freshIp() } },
    ),
  );
  return { cookie: sessionOf(res), login };
}

beforeAll(async () => {
  // Listening, as deployed: the payment stand-ins are called back over HTTP (decision 025).
  t = await createTestApp({ env: { MAX_SIMULTANEOUS_DEVICES: '100' }, listen: true });
  writeOceanClip(t.config.dataDir);
  for (let i = 0; i < 3; i += 1) sessions.push(await newSession());
  sessions.push({ cookie: await logIn(t.app, 'abonne@playz.fr', 'playz2026', freshIp()), login: 'abonne@playz.fr' });
  endedCookie = (await newSession()).cookie;
  await t.app.inject(callOf({ method: 'GET', path: '/customer/logout' }, { cookie: endedCookie }));
}, 60_000);
afterAll(async () => {
  report('contract fuzz', { endpoints: contractEndpoints.length, requests, fiveHundreds });
  await t?.close();
});

/** Strings that broke parsers somewhere once: traversal, NUL, encodings, numbers at the edges. */
const HOSTILE = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  '99999999999999999999999',
  '9007199254740993',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '{"__proto__":{"x":1}}',
  '__proto__',
  'constructor',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '%ff',
  '%',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\uD800',
  '🎬🍿',
  "' OR 1=1 --",
  '"; DROP TABLE customers; --',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'http://[::1',
  '//evil.example/x',
  'a'.repeat(300),
  'é'.repeat(2000),
];

/** A valid-shaped value for a contract field, from its zod type and its name. */
function validArb(name: string, schema: unknown): fc.Arbitrary<string> {
  let s = schema as { def?: { type?: string; innerType?: unknown }; options?: unknown[] };
  while (s.def?.type === 'optional' || s.def?.type === 'nullable' || s.def?.type === 'default') {
    s = s.def.innerType as typeof s;
  }
  if (s.def?.type === 'enum' && Array.isArray(s.options)) return fc.constantFrom(...s.options.map(String));
  if (s.def?.type === 'number' || s.def?.type === 'int') return fc.integer({ min: -5, max: 100_000 }).map(String);
  const n = name.toLowerCase();
  if (n === 'id' || n.endsWith('_id') || n === 'contents' || n === 'cuid')
    return fc.oneof(fc.constantFrom('1001', '1002', '2002', '21021', '1', '3', '13'), fc.nat(50_000).map(String));
  if (n.includes('login') || n.includes('email')) return fc.constantFrom('abonne@playz.fr', 'nobody@exemple.fr');
  if (n.includes('password')) return fc.constantFrom('playz2026', 'secret-1', 'x');
  if (n.includes('date')) return fc.constantFrom('2026-01-01', '2026-11-25T20:00:00Z', '1700000000');
  if (n === 'code') return fc.stringMatching(/^[A-Z0-9]{4,8}$/);
  if (n === 'data') return fc.constantFrom('{"requested_url":"/series"}', '{}');
  if (n.includes('time') || n === 'percentage' || n === 'page' || n === 'page_size') return fc.nat(10_000).map(String);
  return fc.string({ maxLength: 24 });
}

/** A value for one field: valid-shaped, hostile, random binary text or left out. */
function fieldArb(name: string, schema: unknown): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 5, arbitrary: validArb(name, schema) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.constant(undefined) },
  );
}

function objectArb(schema: unknown): fc.Arbitrary<Record<string, string>> {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const entries = Object.entries(shape).map(([k, v]) => fieldArb(k, v).map((value) => [k, value] as const));
  return fc.tuple(...entries).map((pairs) => {
    const out: Record<string, string> = {};
    for (const [k, v] of pairs) if (v !== undefined) out[k] = v;
    return out;
  });
}

const COMMON_PICKS = ['platform', 'device_type', 'device_udid', 'locale', 'cuid', 'logged_in'] as const;
const commonArb = objectArb({
  shape: Object.fromEntries(COMMON_PICKS.map((k) => [k, commonParamsSchema.shape[k]])),
}).map((o) => {
  // A valid platform most of the time, so calls get past the platform check.
  if (o.platform !== undefined && Math.abs(o.platform.length % 3) === 0) o.platform = 'Web';
  return o;
});

/** A path parameter: encoded, or raw as an attacker types it (bad encodings, long ids). */
function pathParamArb(name: string, schema: unknown): fc.Arbitrary<{ value: string; raw: boolean }> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.oneof(validArb(name, schema), fc.constantFrom(...HOSTILE)).map((value) => ({ value, raw: false })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%ff', '%', '%2e%2e', '..', '%252e%252e%252f', '1%00', 'x'.repeat(150), '1'.repeat(9000))
        .map((value) => ({ value, raw: true })),
    },
  );
}

const headerArb = fc.record(
  {
    origin: fc.constantFrom('http://localhost:3000', 'null', 'garbage', 'http://[::1', 'https://evil.example', ''),
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site', 'bogus'),
    accept: fc.constantFrom('application/json', '*/*', 'text/html'),
  },
  { requiredKeys: [] },
);
const contentTypeArb = fc.constantFrom(
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded',
  'application/json',
  'multipart/form-data; boundary=x',
  'text/plain',
  '',
);
const sessionArb = fc.constantFrom(-1, 0, 1, 2, 3);
/** For visitors: no credential, a forged or ended cookie, or a forged TV bearer token. */
const printable = fc.stringMatching(/^[\x21-\x7e]{0,200}$/);
const forgedArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: printable.map((v) => ({ cookie: `playz_sid=${encodeURIComponent(v)}` })) },
  { weight: 1, arbitrary: printable.map((v) => ({ bearer: v })) },
  { weight: 1, arbitrary: fc.constant({ ended: true }) },
);
const ENDS_SESSION = new Set(['logOut', 'deleteAccount', 'logOutDevice']);

describe('check 4: contract fuzzing (docs/reliability.md) — no 5xx, every answer under /api/1.2 the envelope with a catalogue number', () => {
  for (const e of contractEndpoints) {
    const paramShape = (e.params as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
    const paramKeys = Object.keys(paramShape);
    const paramsArb =
      paramKeys.length === 0
        ? fc.constant({} as Record<string, { value: string; raw: boolean }>)
        : fc.record(Object.fromEntries(paramKeys.map((k) => [k, pathParamArb(k, paramShape[k])])));
    const requestArb = fc.record({
      params: paramsArb,
      fields: objectArb(e.method === 'GET' ? e.query : e.body),
      query: e.method === 'POST' ? objectArb(e.query) : fc.constant({}),
      common: commonArb,
      headers: headerArb,
      contentType: contentTypeArb,
      session: sessionArb,
      forged: forgedArb,
    });

    it(`${e.name} (${e.method} ${e.path}): ${RUNS_PER_ENDPOINT} random requests, no 5xx, only the envelope with a catalogue number`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb, async (r) => {
          // The demo subscriber (slot 3) is never logged out or deleted: a fresh account stands in.
          const slot = r.session < 0 ? null : ENDS_SESSION.has(e.name) && r.session === 3 ? 0 : r.session;
          const session = slot === null ? undefined : sessions[slot];
          const raw = Object.values(r.params).some((p) => p.raw);
          const params = Object.fromEntries(Object.entries(r.params).map(([k, p]) => [k, p.value]));
          const base = callOf(e, {
            params,
            fields: e.method === 'GET' ? { ...r.common, ...r.fields } : r.fields,
            cookie:
              session?.cookie ??
              ('cookie' in r.forged ? r.forged.cookie : 'ended' in r.forged ? endedCookie : undefined),
            bearer: session ? undefined : 'bearer' in r.forged ? r.forged.bearer : undefined,
            rawPath: raw,
            headers: { 'x-forwarded-for': freshIp(), ...r.headers },
          });
          const extraQuery = e.method === 'POST' ? new URLSearchParams({ ...r.common, ...r.query }).toString() : '';
          const request: InjectOptions = {
            ...base,
            url: `${base.url as string}${extraQuery ? `?${extraQuery}` : ''}`,
            headers: {
              ...(base.headers as Record<string, string>),
              ...(e.method === 'POST' && r.contentType !== 'application/x-www-form-urlencoded'
                ? { 'content-type': r.contentType }
                : {}),
            },
          };
          if (!(request.headers as Record<string, string>)['content-type'] && e.method === 'POST') {
            delete (request.headers as Record<string, string>)['content-type'];
          }
          const res = await t.app.inject(request);
          requests += 1;
          if (res.statusCode >= 500) fiveHundreds += 1;
          // A call that ended the session used: the next request gets a live one again.
          if (slot !== null && ENDS_SESSION.has(e.name) && res.statusCode < 300) sessions[slot] = await newSession();
          const breach = envelopeBreach(res);
          if (breach) throw new Error(`${request.method} ${String(request.url).slice(0, 200)} → ${breach}`);
        }),
        { numRuns: RUNS_PER_ENDPOINT, seed: SEED, endOnFailure: true },
      );
    });
  }

  it('raw URLs under /api/1.2 (unknown paths, bad encodings, long paths, huge queries, odd methods): no 5xx, only the envelope', async () => {
    const urlArb = fc.oneof(
      fc.constantFrom(
        '/content/%ff',
        '/content/%',
        `/content/${'9'.repeat(5000)}`,
        `/search?keywords=${'a'.repeat(20_000)}`,
        `/customer?${'x=1&'.repeat(3000)}`,
        '/nope',
        '/content/1001/../../customer',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/content/1001%00',
        '/customer/..%5c..%5cwindows',
        '//customer',
      ),
      fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => `/${encodeURIComponent(s)}`),
      fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => `/content/${s.replace(/[#?\s]/g, '')}`),
    );
    const methodArb = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') as fc.Arbitrary<
      'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS'
    >;
    await fc.assert(
      fc.asyncProperty(urlArb, methodArb, async (path, method) => {
        const res = await t.app.inject({
          method,
          url: API_BASE_PATH + path,
          headers: { 'x-forwarded-for': freshIp() },
        });
        requests += 1;
        if (res.statusCode >= 500) fiveHundreds += 1;
        // OPTIONS may answer the CORS preflight without a body.
        if (method === 'OPTIONS' && res.statusCode < 400 && res.body === '') return;
        // app.inject resolves dot segments as WHATWG URLs do (`/api/1.2/%2e%2e/x` reaches the
        // server as `/x`): the envelope rule holds for what still arrives under /api/1.2.
        if (!new URL(API_BASE_PATH + path, 'http://h').pathname.startsWith(`${API_BASE_PATH}/`)) return;
        const breach = envelopeBreach(res);
        if (breach) throw new Error(`${method} ${path.slice(0, 120)} → ${breach}`);
      }),
      { numRuns: Math.max(50, Math.ceil(TOTAL_RUNS / 50)), seed: SEED, endOnFailure: true },
    );
  });
});

it('the fuzz made the requests it was asked for', () => {
  expect(requests).toBeGreaterThanOrEqual(RUNS_PER_ENDPOINT * contractEndpoints.length);
  expect(fiveHundreds).toBe(0);
});
