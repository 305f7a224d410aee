import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { runStaffCommand } from '../src/cli/staff';
import { base32Decode, hotp, totpStep } from '../src/modules/staff/totp';
import { STAFF_IDLE_MS } from '../src/modules/staff/staff-session';
import { createTestApp, logInAs, type TestApp } from './test-app';

// The operator's console, its first slice (decision 080): staff accounts apart from customers,
// a password then a TOTP second factor, short sessions on their own cookie and path, roles on
// every call, and the append-only audit log.

let clock = new Date('2026-11-29T09:00:00Z').getTime();
let t: TestApp;
let firstPassword = '';
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  const lines: string[] = [];
  expect(
    await runStaffCommand(['create-admin', 'Ana@Playz.fr', 'Ana', 'Martin'], {
      db: t.database.db,
      print: (line) => lines.push(line),
      operator: 'root',
    }),
  ).toBe(0);
  firstPassword = /shown once\): (\S+)/.exec(lines.join('\n'))?.[1] ?? '';
  expect(firstPassword.length).toBeGreaterThanOrEqual(16);
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
const cookieOf = (res: LightMyRequestResponse) => {
  const set = res.cookies.find((c) => c.name === 'playz_staff');
  expect(set, 'a playz_staff cookie').toBeDefined();
  expect(set!.path).toBe('/api/admin');
  expect(set!.httpOnly).toBe(true);
  expect(String(set!.sameSite).toLowerCase()).toBe('strict');
  return `playz_staff=${set!.value}`;
};
const number = (res: LightMyRequestResponse) => (res.json() as { Error: { Number: number } }).Error.Number;
const password = (email: string, pass: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/session/password',
    headers: { ...json, ...headers },
    payload: { email, password: pass },
  });
const secondFactor = (cookie: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/session/second-factor',
    headers: { ...json, cookie },
    payload: { code },
  });
const codeFor = (secret: string, atMs = clock, shift = 0) => hotp(base32Decode(secret), totpStep(atMs) + shift);
const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { ...(payload ? json : {}), cookie },
    ...(payload ? { payload } : {}),
  });

let adminSecret = '';
let adminCookie = '';

describe('staff sign-in: password, then a second factor (decision 080)', () => {
  it('a first sign-in enrols an authenticator: the secret and its otpauth address, then a code opens the console', async () => {
    const first = await password('ana@playz.fr', firstPassword);
    expect(number(first)).toBe(0);
    const step = first.json().Response;
    expect(step.next).toBe('enrol');
    expect(step.enrolment.otpauthUrl).toContain(`secret=${step.enrolment.secret}`);
    adminSecret = step.enrolment.secret;
    const halfOpen = cookieOf(first);
    // The half-open session opens nothing yet.
    expect(number(await call('GET', '/session', halfOpen))).toBe(11);
    const done = await secondFactor(halfOpen, codeFor(adminSecret));
    expect(number(done)).toBe(0);
    expect(done.json().Response.staff).toMatchObject({
      email: 'ana@playz.fr',
      name: 'Ana Martin',
      roles: ['admin'],
      enrolled: true,
    });
    adminCookie = cookieOf(done);
    expect(adminCookie).not.toBe(halfOpen);
    expect(number(await call('GET', '/session', adminCookie))).toBe(0);
    // The half-open token was ended when the full one was given.
    expect(number(await secondFactor(halfOpen, codeFor(adminSecret, clock, 1)))).toBe(11);
  });

  it('next sign-ins ask the code; a code is good once, a wrong or stale one is refused', async () => {
    clock += 60_000;
    const first = await password('ANA@playz.fr ', firstPassword);
    expect(first.json().Response).toEqual({ next: 'totp', passkeys: false });
    const halfOpen = cookieOf(first);
    expect(number(await secondFactor(halfOpen, codeFor(adminSecret, clock, -3)))).toBe(11);
    const good = codeFor(adminSecret);
    expect(number(await secondFactor(halfOpen, good))).toBe(0);
    // The same code again, from a new password step: replayed, refused (RFC 6238 §5.2).
    const again = cookieOf(await password('ana@playz.fr', firstPassword));
    expect(number(await secondFactor(again, good))).toBe(11);
  });

  it('a wrong password, an unknown address and a malformed body are 11, 11 and 3; guesses are limited', async () => {
    expect(number(await password('ana@playz.fr', 'wrong-password'))).toBe(11);
    expect(number(await password('nobody@playz.fr', firstPassword))).toBe(11);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/password',
      headers: json,
      payload: { email: 'ana@playz.fr' },
    });
    expect(number(malformed)).toBe(3);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await password('guess@playz.fr', `guess-${i}`, { 'x-forwarded-for': '203.0.113.9' })).statusCode);
    expect(statuses).toContain(429);
  });

  it('second-factor guesses on one account are limited to five a quarter of an hour', async () => {
    clock += 20 * 60_000;
    const halfOpen = cookieOf(await password('ana@playz.fr', firstPassword));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await secondFactor(halfOpen, '000000')).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // The right code too, while the window lasts: guessing cannot be finished by luck.
    expect((await secondFactor(halfOpen, codeFor(adminSecret))).statusCode).toBe(429);
    clock += 15 * 60_000;
  });

  it('the half-open session lasts five minutes', async () => {
    const halfOpen = cookieOf(await password('ana@playz.fr', firstPassword));
    clock += 5 * 60_000 + 1000;
    expect(number(await secondFactor(halfOpen, codeFor(adminSecret)))).toBe(11);
  });
});

describe('console sessions: their own cookie, short, and never a customer’s (decision 080)', () => {
  it('a customer’s session opens no console call', async () => {
    const customer = await logInAs(t.app, 'abonne@playz.fr');
    for (const url of ['/session', '/staff', '/audit']) expect(number(await call('GET', url, customer)), url).toBe(11);
    expect(number(await call('POST', '/staff', customer, { email: 'x@playz.fr', name: 'X', roles: ['admin'] }))).toBe(
      11,
    );
  });

  it('ends after 30 minutes without a call, and at sign-out', async () => {
    clock += 60_000;
    const fresh = await signIn();
    clock += STAFF_IDLE_MS - 1000;
    expect(number(await call('GET', '/session', fresh))).toBe(0);
    clock += STAFF_IDLE_MS + 1000;
    expect(number(await call('GET', '/session', fresh))).toBe(11);
    const other = await signIn();
    expect(number(await call('POST', '/session/end', other, {}))).toBe(0);
    expect(number(await call('GET', '/session', other))).toBe(11);
  });

  it('posts must be JSON from this site: a form body or another Origin is refused', async () => {
    const cookie = await signIn();
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=x%40playz.fr&name=X&roles=admin',
    });
    expect(number(form)).toBe(3);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { ...json, cookie, origin: 'https://evil.example' },
      payload: { email: 'x@playz.fr', name: 'X', roles: ['admin'] },
    });
    expect(number(foreign)).toBe(4);
  });
});

async function signIn(email = 'ana@playz.fr', pass = firstPassword, secret = adminSecret) {
  clock += 31_000; // a new TOTP step: each code is good once
  const halfOpen = cookieOf(await password(email, pass));
  const done = await secondFactor(halfOpen, codeFor(secret));
  expect(number(done)).toBe(0);
  return cookieOf(done);
}

describe('roles and the audit log (decision 080)', () => {
  it('an admin creates an editor; the editor may not manage staff nor read the audit log', async () => {
    const admin = await signIn();
    const created = await call('POST', '/staff', admin, { email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] });
    expect(number(created)).toBe(0);
    const { staff, password: evePassword } = created.json().Response;
    expect(staff).toMatchObject({ email: 'eve@playz.fr', roles: ['editor'], enrolled: false, disabled: false });
    expect(number(await call('POST', '/staff', admin, { email: 'eve@playz.fr', name: 'Eve', roles: ['editor'] }))).toBe(
      12,
    );
    expect(number(await call('POST', '/staff', admin, { email: 'bad', name: 'B', roles: ['editor'] }))).toBe(13);
    expect(number(await call('POST', '/staff', admin, { email: 'b@playz.fr', name: 'B', roles: ['owner'] }))).toBe(3);

    const enrol = await password('eve@playz.fr', evePassword);
    const eveSecret = enrol.json().Response.enrolment.secret;
    const eve = cookieOf(await secondFactor(cookieOf(enrol), codeFor(eveSecret)));
    expect(number(await call('GET', '/session', eve))).toBe(0);
    expect(number(await call('GET', '/staff', eve))).toBe(4);
    expect(number(await call('GET', '/audit', eve))).toBe(4);
    expect(number(await call('POST', '/staff', eve, { email: 'mal@playz.fr', name: 'M', roles: ['admin'] }))).toBe(4);

    // Disabled: her session ends at once, and her password no longer signs in.
    expect(number(await call('POST', `/staff/${staff.id}/disable`, admin, {}))).toBe(0);
    expect(number(await call('GET', '/session', eve))).toBe(11);
    expect(number(await password('eve@playz.fr', evePassword))).toBe(11);
    // An admin cannot disable themself.
    const me = (await call('GET', '/session', admin)).json().Response.staff.id;
    expect(number(await call('POST', `/staff/${me}/disable`, admin, {}))).toBe(4);
  });

  it('the audit log shows who did what, before and after, newest first, filtered and paged', async () => {
    const admin = await signIn();
    const all = (await call('GET', '/audit?limit=200', admin)).json().Response.entries as {
      id: number;
      actor: string;
      action: string;
      targetType: string;
      before: unknown;
      after: unknown;
    }[];
    expect(all.at(-1)).toMatchObject({
      actor: 'cli:root',
      action: 'staff.create',
      after: { email: 'ana@playz.fr', roles: ['admin'] },
    });
    expect(all.map((e) => e.action)).toEqual(
      expect.arrayContaining(['staff.enrol-second-factor', 'staff.sign-in', 'staff.disable']),
    );
    expect(all.find((e) => e.action === 'staff.disable')).toMatchObject({
      actor: 'ana@playz.fr',
      before: { disabled: false },
      after: { disabled: true },
    });
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const created = (await call('GET', '/audit?action=staff.create', admin)).json().Response.entries;
    expect(created.map((e: { after: { email: string } }) => e.after.email)).toEqual(['eve@playz.fr', 'ana@playz.fr']);
    const page = (await call('GET', '/audit?limit=2', admin)).json().Response;
    expect(page.entries).toHaveLength(2);
    // The next page by the opaque cursor (decisions 110 and 116), not an entry's id.
    expect(page.next).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(page.next).not.toBe(String(page.entries[1].id));
    const next = (await call('GET', `/audit?limit=2&after=${page.next}`, admin)).json().Response;
    expect(next.entries[0].id).toBeLessThan(page.entries[1].id);
    // No password or secret is ever written to the log.
    expect(JSON.stringify(all)).not.toMatch(/password|secret/i);
  });

  it('spec console: the audit log pages by an opaque cursor to its end; a forged or foreign cursor answers 3 (decision 116)', async () => {
    const admin = await signIn();
    const { entries: all } = (await call('GET', '/audit?limit=200', admin)).json().Response as {
      entries: { id: number }[];
    };
    // Page by page to the end: every entry once, newest first, and no next page after the last.
    const seen: number[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const res = await call('GET', `/audit?limit=3${after ? `&after=${after}` : ''}`, admin);
      const body = res.json().Response as { entries: { id: number }[]; next: string | null };
      seen.push(...body.entries.map((e) => e.id));
      after = body.next;
      if (!after) break;
    }
    expect(seen).toEqual(all.map((e) => e.id));
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      String(all[0]!.id), // the old integer keyset is not a cursor
      forged(['customers', 5]), // another list's
      forged(['audit', -1]),
      forged(['audit', 'x']),
      forged(['audit', 1, 2]),
      'not base64!',
      'a'.repeat(401),
    ]) {
      const res = await call('GET', `/audit?after=${encodeURIComponent(cursor)}`, admin);
      expect(res.json().Error.Number, cursor).toBe(3);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('the audit log is append-only in the database itself', async () => {
    await expect(sql`UPDATE audit_log SET actor = 'someone else'`.execute(t.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });
});
