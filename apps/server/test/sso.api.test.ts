import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtSandbox, startProviderSandbox, type ProviderSandbox } from '@playz/provider-sandbox';
import { createTestApp, type TestApp } from './test-app';

let sandbox: ProviderSandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  t = await createTestApp({ env: { SSO_SANDBOX_URL: sandbox.url } });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

/** What a browser does: our authorize redirect, the provider's form, back to our callback. */
async function signOn(provider: string, login: string, requestedUrl = '/series') {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/1.2/customer/sso/${provider}/authorize?requested_url=${encodeURIComponent(requestedUrl)}`,
  });
  expect(start.statusCode).toBe(302);
  const callback = new URL(await signInAtSandbox(start.headers.location as string, login, 'sandbox'));
  const state = cookieOf(start, 'playz_sso_state');
  return t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: state ? { cookie: `playz_sso_state=${state}` } : {},
  });
}

async function customerOf(sid: string | undefined) {
  const res = await t.app.inject({ method: 'GET', url: '/api/1.2/customer', headers: { cookie: `playz_sid=${sid}` } });
  return res.json().Response.Customer;
}

describe('Social sign-on through OpenID Connect (spec 1 §1, §3 loggedWith, §6; decision 012)', () => {
  it('lists the three providers in App.singleSignOns with their client id and callback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/1.2/data' });
    expect(res.json().Response.App.singleSignOns).toEqual(
      ['google', 'facebook', 'apple'].map((id) => ({
        name: { google: 'Google', facebook: 'Facebook', apple: 'Apple' }[id],
        appID: 'playz',
        redirectUri: `http://localhost:3000/api/1.2/customer/sso/${id}/callback`,
      })),
    );
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/1.2/customer/sso/google/authorize?requested_url=/' });
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${sandbox.issuer('google')}/auth`);
    expect(location.searchParams.get('client_id')).toBe('playz');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBe(cookieOf(res, 'playz_sso_state'));
    expect(location.searchParams.get('nonce')).toMatch(/.{20,}/);
  });

  it('signs in at the sandbox, creates the account, logs it in and returns to the requested page', async () => {
    const res = await signOn('google', 'lea@gmail.test', '/series?tab=2');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/series?tab=2');
    const sid = cookieOf(res, 'playz_sid');
    const customer = await customerOf(sid);
    expect(customer).toMatchObject({
      logged: true,
      loggedWith: 'Google',
      firstName: 'Léa',
      lastName: 'Martin',
      login: null,
    });

    // The same person again: the same account (keyed on provider + subject), a new session id.
    const again = await signOn('google', 'lea@gmail.test');
    expect(cookieOf(again, 'playz_sid')).not.toBe(sid);
    expect((await customerOf(cookieOf(again, 'playz_sid'))).UID).toBe(customer.UID);

    // Same name at another provider is another subject, so another account.
    const apple = await signOn('apple', 'lea@icloud.test');
    expect(await customerOf(cookieOf(apple, 'playz_sid'))).toMatchObject({ loggedWith: 'Apple', logged: true });
    expect((await customerOf(cookieOf(apple, 'playz_sid'))).UID).not.toBe(customer.UID);
  });

  it('only sends the browser back to a path of this site', async () => {
    for (const target of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const res = await signOn('facebook', 'hugo@facebook.test', target);
      expect(res.headers.location).toBe('/');
    }
  });

  it('refuses a callback this browser did not start (no state cookie): log-in page with 17', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/1.2/customer/sso/google/authorize' });
    const callback = new URL(await signInAtSandbox(start.headers.location as string, 'hugo@gmail.test', 'sandbox'));
    const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(res.headers.location).toBe('/customer/login?sso_error=17');
    expect(cookieOf(res, 'playz_sid')).toBeUndefined();
  });

  it('refuses a replayed callback (the state is single use)', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/1.2/customer/sso/google/authorize' });
    const callback = new URL(await signInAtSandbox(start.headers.location as string, 'hugo@gmail.test', 'sandbox'));
    const headers = { cookie: `playz_sso_state=${cookieOf(start, 'playz_sso_state')}` };
    const url = `${callback.pathname}${callback.search}`;
    expect((await t.app.inject({ method: 'GET', url, headers })).headers.location).toBe('/');
    const replay = await t.app.inject({ method: 'GET', url, headers });
    expect(replay.headers.location).toBe('/customer/login?sso_error=17');
  });

  it('answers an unknown provider with the log-in page and 18', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/1.2/customer/sso/myspace/authorize' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/customer/login?sso_error=18');
  });

  it('refuses a wrong password at the provider (the sandbox form checks it)', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/1.2/customer/sso/google/authorize' });
    await expect(signInAtSandbox(start.headers.location as string, 'lea@gmail.test', 'wrong')).rejects.toThrow(
      /stopped/,
    );
  });
});
