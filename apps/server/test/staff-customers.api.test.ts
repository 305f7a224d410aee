import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { staffConsole, type StaffConsole } from './support/staff-console';

// Support's view of a customer in the console (decision 080): find by e-mail or number, read
// the account and its money, sign the customer out everywhere; each role sees what it may.

let clock = Date.parse('2026-11-29T11:00:00Z');
let t: TestApp;
let call: StaffConsole['call'];

let roles: StaffConsole['roles'] = {};
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  // The TOTP codes need a new step each: the app's clock moves 31 s per sign-in.
  ({ call, roles } = await staffConsole(t, () => (clock += 31_000), ['support', 'finance', 'editor']));
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
