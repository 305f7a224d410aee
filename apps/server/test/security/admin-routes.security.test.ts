import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { adminEndpoints, ADMIN_API_BASE_PATH, type AdminEndpoint } from '@playz/api-contract/admin';
import { runStaffCommand } from '../../src/cli/staff';
import { base32Decode, hotp, totpStep } from '../../src/modules/staff/totp';
import { createTestApp, logInAs, type TestApp } from '../test-app';

/**
 * Check 28 (docs/reliability.md): every console route of the admin contract (decision 080), called
 * with no session, a customer's session, a half-open staff session (password given, no code yet)
 * and a staff member whose roles the route does not name. Pass rule: each is refused with the
 * envelope and a catalogue number (11 without a full staff session, 4 for a role the route does
 * not admit), and nothing is written. Routes are read from the contract, so a new console call is
 * covered the day it is declared.
 */
let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let customerCookie = '';
let halfOpenCookie = '';
let lowerRoleCookie = '';
/** A finance member: lower than support for the calls only support may make (decision 084). */
let financeCookie = '';
/** A support member: lower than admin for the job queues' changes (decision 092). */
let supportCookie = '';
let ip = 0;
const freshIp = () => `198.51.100.${++ip}`;

const json = { 'content-type': 'application/json' };
const cookieOf = (res: LightMyRequestResponse) => {
  const value = res.cookies.find((c) => c.name === 'playz_staff')?.value;
  expect(value, res.body).toMatch(/^[\w-]{40,}$/);
  return `playz_staff=${value}`;
};

async function passwordStep(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: `${ADMIN_API_BASE_PATH}/session/password`,
    headers: { ...json, 'x-forwarded-for': freshIp() },
    payload: { email, password },
  });
}

async function fullSession(email: string, password: string): Promise<string> {
  clock += 31_000;
  const first = await passwordStep(email, password);
  const secret = first.json().Response.enrolment?.secret as string;
  const code = hotp(base32Decode(secret), totpStep(clock));
  const done = await t.app.inject({
    method: 'POST',
    url: `${ADMIN_API_BASE_PATH}/session/second-factor`,
    headers: { ...json, cookie: cookieOf(first) },
    payload: { code },
  });
  return cookieOf(done);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  const lines: string[] = [];
  await runStaffCommand(['create-admin', 'root@playz.fr', 'Root'], { db: t.database.db, print: (l) => lines.push(l) });
  const rootPassword = /shown once\): (\S+)/.exec(lines.join('\n'))![1]!;
  const admin = await fullSession('root@playz.fr', rootPassword);
  // A member whose only role is one no admin-only route names.
  const created = await t.app.inject({
    method: 'POST',
    url: `${ADMIN_API_BASE_PATH}/staff`,
    headers: { ...json, cookie: admin },
    payload: { email: 'editor@playz.fr', name: 'Eve', roles: ['editor'] },
  });
  lowerRoleCookie = await fullSession('editor@playz.fr', created.json().Response.password as string);
  const finance = await t.app.inject({
    method: 'POST',
    url: `${ADMIN_API_BASE_PATH}/staff`,
    headers: { ...json, cookie: admin },
    payload: { email: 'finance@playz.fr', name: 'Fred', roles: ['finance'] },
  });
  financeCookie = await fullSession('finance@playz.fr', finance.json().Response.password as string);
  const support = await t.app.inject({
    method: 'POST',
    url: `${ADMIN_API_BASE_PATH}/staff`,
    headers: { ...json, cookie: admin },
    payload: { email: 'support@playz.fr', name: 'Sam', roles: ['support'] },
  });
  supportCookie = await fullSession('support@playz.fr', support.json().Response.password as string);
  halfOpenCookie = cookieOf(await passwordStep('root@playz.fr', rootPassword));
  customerCookie = await logInAs(t.app, 'abonne@playz.fr');
});
afterAll(() => t.close());

const WELL_FORMED: Record<string, object> = {
  '/staff': { email: 'new@playz.fr', name: 'New', roles: ['admin'] },
  '/customers/:id/mails/resend': { kind: 'password-reset' },
  '/customers/:id/goodwill': { subscriptionId: 1, days: 7, key: 'check-28-goodwill' },
  '/customers/:id/refunds': { billingId: 'a'.repeat(24), key: 'check-28-refund' },
  '/promo-codes': { code: 'CHECK-28', days: 7, maxRedemptions: 10 },
};

/** A well-formed call of the endpoint, so a refusal is about who calls, not what is sent. */
function callOf(endpoint: AdminEndpoint, cookie: string | null) {
  const url = ADMIN_API_BASE_PATH + endpoint.path.replace(':ref', 'abcdef012345').replace(/:\w+/g, '1');
  const headers: Record<string, string> = { 'x-forwarded-for': freshIp(), ...(cookie ? { cookie } : {}) };
  if (endpoint.method === 'GET') return t.app.inject({ method: 'GET', url, headers });
  const payload = WELL_FORMED[endpoint.path] ?? {};
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...json }, payload });
}

const staffRoutes = Object.entries(adminEndpoints).filter(([, endpoint]) => endpoint.access === 'staff');

/**
 * Every table of the database, read from the database itself (Kysely's introspection, SQLite and
 * PostgreSQL alike; Kysely's own migration tables left out): a refused call must change no row of
 * any of them, and a table a later change adds is counted without anyone naming it here.
 */
let tables: string[] | null = null;
async function everyTable(): Promise<string[]> {
  tables ??= (await t.database.db.introspection.getTables()).map((table) => table.name).sort();
  return tables;
}

async function staffRows() {
  const staff = await t.database.db.selectFrom('staff').select(['email', 'disabled_at']).orderBy('id').execute();
  const counts = await Promise.all(
    (await everyTable()).map(async (table) => [
      table,
      Number(
        (
          await t.database.db
            .selectFrom(table as 'customers')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      ),
    ]),
  );
  const deleted = await t.database.db
    .selectFrom('customers')
    .select('id')
    .where('deleted_at', 'is not', null)
    .execute();
  return { staff, counts, deleted };
}

describe('check 28: every console route refuses who may not call it (decision 080)', () => {
  it('lists the staff routes from the contract (the check cannot pass on an empty list)', () => {
    expect(staffRoutes.length).toBeGreaterThanOrEqual(6);
    // Support's calls of decision 084 are among them.
    for (const name of ['endCustomerSession', 'unlockCustomer', 'grantGoodwill', 'refundPayment', 'deleteCustomer'])
      expect(staffRoutes.map(([n]) => n)).toContain(name);
    // The promo codes' and offers' calls of decision 090.
    for (const name of ['listPromoCodes', 'getPromoCode', 'createPromoCode', 'disablePromoCode', 'listOffers'])
      expect(staffRoutes.map(([n]) => n)).toContain(name);
    // The job queues' calls of decision 092 too.
    for (const name of ['listJobQueues', 'listFailedJobs', 'retryFailedJob', 'retryAllFailedJobs', 'discardFailedJob'])
      expect(staffRoutes.map(([n]) => n)).toContain(name);
    // The artwork call of decision 113 (it writes files under the media folder).
    expect(staffRoutes.map(([n]) => n)).toContain('setCatalogueContentArtwork');
    // And decision 115's for series and live events.
    for (const name of ['setAdminSeriesArtwork', 'setAdminLiveEventArtwork', 'getCatalogueContentArtwork'])
      expect(staffRoutes.map(([n]) => n)).toContain(name);
  });

  for (const [name, endpoint] of staffRoutes) {
    it(`${endpoint.method} ${endpoint.path} (${name}): no session, a customer, a half-open session → 11; a lower role (editor, finance, support) → 4 where it is not admitted`, async () => {
      const before = await staffRows();
      const answers = {
        none: await callOf(endpoint, null),
        customer: await callOf(endpoint, customerCookie),
        halfOpen: await callOf(endpoint, halfOpenCookie),
      };
      for (const [who, res] of Object.entries(answers)) {
        expect(res.statusCode, `${who}: ${res.body}`).toBe(401);
        expect(res.json(), who).toMatchObject({ Response: null, Error: { Number: 11 } });
      }
      const roles = endpoint.roles ?? [];
      if (!roles.includes('editor')) {
        const lower = await callOf(endpoint, lowerRoleCookie);
        expect(lower.statusCode, lower.body).toBe(403);
        expect(lower.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
      }
      if (!roles.includes('finance')) {
        const lower = await callOf(endpoint, financeCookie);
        expect(lower.statusCode, lower.body).toBe(403);
        expect(lower.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
      }
      if (!roles.includes('support')) {
        const lower = await callOf(endpoint, supportCookie);
        expect(lower.statusCode, lower.body).toBe(403);
        expect(lower.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
      }
      expect(await staffRows()).toEqual(before);
    });
  }

  it('the control: the rows counted are every table, the console’s own among them', async () => {
    expect(await everyTable()).toEqual(
      expect.arrayContaining([
        ...['customers', 'sessions', 'subscriptions', 'purchases', 'billing_ledger', 'billing_events'],
        ...['audit_log', 'promo_codes', 'demo_campaigns', 'offers', 'staff', 'staff_sessions', 'staff_passkeys'],
        ...['content_uploads', 'content_editorial', 'channels', 'schedules', 'contents', 'job_dead_letters'],
      ]),
    );
  });

  it('the control: a call that admits every role goes through for that member', async () => {
    const session = await callOf(adminEndpoints.staffSession, lowerRoleCookie);
    expect(session.json().Error.Number).toBe(0);
    expect(session.json().Response.staff.roles).toEqual(['editor']);
  });

  it('the charts of decision 091 are checked above; health opens to editors and finance, money to finance', async () => {
    expect(staffRoutes.map(([n]) => n)).toEqual(expect.arrayContaining(['moneyCharts', 'healthCharts']));
    for (const cookie of [lowerRoleCookie, financeCookie])
      expect((await callOf(adminEndpoints.healthCharts, cookie)).json().Error.Number).toBe(0);
    expect((await callOf(adminEndpoints.moneyCharts, financeCookie)).json().Error.Number).toBe(0);
  });
});
