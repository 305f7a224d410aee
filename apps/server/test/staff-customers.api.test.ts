import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { runStaffCommand } from '../src/cli/staff';
import { base32Decode, hotp, totpStep } from '../src/modules/staff/totp';
import { createTestApp, logInAs, type TestApp } from './test-app';

// Support's view of a customer in the console (decision 080): find by e-mail or number, read
// the account and its money, sign the customer out everywhere; each role sees what it may.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
const json = { 'content-type': 'application/json' };
const staffCookie = (res: LightMyRequestResponse) =>
  `playz_staff=${res.cookies.find((c) => c.name === 'playz_staff')!.value}`;

async function signIn(email: string, password: string) {
  clock += 31_000;
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/admin/session/password',
    headers: json,
    payload: { email, password },
  });
  const secret = first.json().Response.enrolment.secret as string;
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/admin/session/second-factor',
    headers: { ...json, cookie: staffCookie(first) },
    payload: { code: hotp(base32Decode(secret), totpStep(clock)) },
  });
  return staffCookie(done);
}

const call = (method: 'GET' | 'POST', url: string, cookie: string) =>
  t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { cookie, ...(method === 'POST' ? json : {}) },
    ...(method === 'POST' ? { payload: {} } : {}),
  });

const roles: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  const lines: string[] = [];
  await runStaffCommand(['create-admin', 'root@playz.fr', 'Root'], { db: t.database.db, print: (l) => lines.push(l) });
  const admin = await signIn('root@playz.fr', /shown once\): (\S+)/.exec(lines.join('\n'))![1]!);
  for (const role of ['support', 'finance', 'editor']) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { ...json, cookie: admin },
      payload: { email: `${role}@playz.fr`, name: role, roles: [role] },
    });
    roles[role] = await signIn(`${role}@playz.fr`, created.json().Response.password);
  }
});
afterAll(() => t.close());

describe('support: a customer in the console (decision 080)', () => {
  it('finds the demo subscriber by a part of the e-mail and reads the account, profiles, sessions and subscriptions', async () => {
    const viewer = await logInAs(t.app, 'abonne@playz.fr');
    expect(viewer).toMatch(/^playz_sid=\S+/);
    const found = (await call('GET', '/customers?q=abonne@', roles.support!)).json().Response.customers;
    const subscriber = found.find((c: { login: string }) => c.login === 'abonne@playz.fr');
    expect(subscriber).toBeDefined();
    const card = (await call('GET', `/customers/${subscriber.id}`, roles.support!)).json().Response;
    expect(card.customer).toMatchObject({ login: 'abonne@playz.fr', deleted: false });
    expect(card.customer.profiles.length).toBeGreaterThanOrEqual(1);
    expect(card.customer.sessions.length).toBeGreaterThanOrEqual(1);
    // A session is named by a short reference, never the token or its whole hash.
    for (const session of card.customer.sessions) expect(session.ref).toHaveLength(12);
    expect(card.money.subscriptions.length).toBeGreaterThanOrEqual(1);
    expect(card.money.subscriptions[0]).toMatchObject({ offer: expect.any(String), priceCents: expect.any(Number) });
  });

  it('a search under three characters is 3; an unknown customer is 7', async () => {
    expect((await call('GET', '/customers?q=ab', roles.support!)).json().Error.Number).toBe(3);
    expect((await call('GET', '/customers/999999', roles.support!)).json().Error.Number).toBe(7);
  });

  it('finance reads, only support signs a customer out, an editor does neither', async () => {
    const id = (await call('GET', '/customers?q=abonne@playz.fr', roles.finance!)).json().Response.customers[0].id;
    expect((await call('GET', `/customers/${id}`, roles.finance!)).json().Error.Number).toBe(0);
    expect((await call('POST', `/customers/${id}/sessions/end`, roles.finance!)).json().Error.Number).toBe(4);
    expect((await call('GET', `/customers/${id}`, roles.editor!)).json().Error.Number).toBe(4);
    expect((await call('GET', '/customers?q=abonne', roles.editor!)).json().Error.Number).toBe(4);
  });

  it('support signs the customer out everywhere: the viewer’s session ends, and the audit log says who did it', async () => {
    const viewer = await logInAs(t.app, 'abonne@playz.fr');
    const me = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/1.2/customer', headers: { cookie: viewer } })).json().Response
        .Customer.logged;
    expect(await me()).toBe(true);
    const id = (await call('GET', '/customers?q=abonne@playz.fr', roles.support!)).json().Response.customers[0].id;
    const ended = (await call('POST', `/customers/${id}/sessions/end`, roles.support!)).json().Response.ended;
    expect(ended).toBeGreaterThanOrEqual(1);
    expect(await me()).toBe(false);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'customer.sign-out-everywhere')
      .executeTakeFirst();
    expect(entry).toMatchObject({ actor: 'support@playz.fr', target_type: 'customer', target_id: String(id) });
  });
});
