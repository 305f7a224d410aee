import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, get, post, registerAccount, sessionCookieOf } from './accounts-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dataCustomer = async (cookie: string) => (await t.app.inject(get('/data', { cookie }))).json().Response.Customer;

// GET /data reads the customer, its demo campaign and the session's profile in one statement
// (docs/benchmarks.md): the profile must still be the one of the calling session.
describe('spec 1 §7 GET /data for a logged customer', () => {
  it('answers the profile of the calling session, not of another session of the account', async () => {
    const { login, cookie: first } = await registerAccount(t.app);
    const kid = (await t.app.inject(post('/customer/edit/profile', { username: 'Zoé' }, { cookie: first }))).json()
      .Response.Profile;
    const signIn = await t.app.inject(post('/customer', { login, password: 'secret-1' }));
    expect(errorNumber(signIn)).toBe(0);
    const second = sessionCookieOf(signIn);
    expect(
      errorNumber(
        await t.app.inject(post('/customer/profile/switch', { customer_profile_uuid: kid.UUID }, { cookie: second })),
      ),
    ).toBe(0);

    expect((await dataCustomer(second)).currentProfileIndex).toBe(1);
    expect((await dataCustomer(first)).currentProfileIndex).toBe(0);
    expect(await dataCustomer(first)).toMatchObject({ login, logged: true, demoCampaign: null });
  });

  it('answers a visitor for a cookie that matches no session', async () => {
    const customer = await dataCustomer('playz_sid=unknown-token');
    expect(customer).toMatchObject({ logged: false, login: null, profiles: [] });
  });
});
