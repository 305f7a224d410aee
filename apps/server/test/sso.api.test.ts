import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtSandbox, signOnAtSandbox, startProviderSandbox, type ProviderSandbox } from '@playz/provider-sandbox';
import { arriveAtCallback, cookieOf, customerOf, signOn, startSignOn } from './support/sign-on';
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

const identityOf = (provider: string, subject: string) =>
  t.app.db
    .selectFrom('sso_identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();

describe('Social sign-on, one adapter per provider (spec 1 §1, §3 loggedWith, §6; decisions 012, 078)', () => {
  it('spec 1 §3 App.singleSignOns lists the three providers with their client id and callback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/1.2/data' });
    expect(res.json().Response.App.singleSignOns).toEqual(
      ['google', 'facebook', 'apple'].map((id) => ({
        name: { google: 'Google', facebook: 'Facebook', apple: 'Apple' }[id],
        appID: 'playz',
        redirectUri: `http://localhost:3000/api/1.2/customer/sso/${id}/callback`,
      })),
    );
  });

  it('spec 1 §1 Google: OpenID Connect with PKCE (S256), state, nonce, offline access and the account chooser', async () => {
    const { location, state } = await startSignOn(t, 'google', '/');
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(`${sandbox.issuer('google')}/auth`);
    expect(url.searchParams.get('client_id')).toBe('playz');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('nonce')).toMatch(/.{20,}/);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('select_account');
  });

  it('spec 1 §1 Google: signs in, creates the account, logs it in and returns to the requested page', async () => {
    const res = await signOn(t, sandbox, 'google', 'lea@gmail.test', '/series?tab=2');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/series?tab=2');
    const sid = cookieOf(res, 'playz_sid');
    const customer = await customerOf(t, sid);
    expect(customer).toMatchObject({
      logged: true,
      loggedWith: 'Google',
      firstName: 'Léa',
      lastName: 'Martin',
      login: null,
    });
    // The refresh token that revokes the grant at deletion, and the verified address, are kept.
    expect(await identityOf('google', 'google-1001')).toMatchObject({
      email: 'lea@gmail.test',
      revoke_token: expect.any(String),
    });

    // The same person again: the same account (keyed on provider + subject), a new session id.
    const again = await signOn(t, sandbox, 'google', 'lea@gmail.test');
    expect(cookieOf(again, 'playz_sid')).not.toBe(sid);
    expect((await customerOf(t, cookieOf(again, 'playz_sid'))).UID).toBe(customer.UID);

    // Same name at another provider is another subject, so another account.
    const apple = await signOn(t, sandbox, 'apple', 'lea@icloud.test');
    expect(await customerOf(t, cookieOf(apple, 'playz_sid'))).toMatchObject({ loggedWith: 'Apple', logged: true });
    expect((await customerOf(t, cookieOf(apple, 'playz_sid'))).UID).not.toBe(customer.UID);
  });

  it('spec 1 §1 Apple: asks for name and e-mail with response_mode=form_post, state and nonce', async () => {
    const { location, state } = await startSignOn(t, 'apple', '/');
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(`${sandbox.issuer('apple')}/auth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'playz',
      response_type: 'code',
      scope: 'name email',
      response_mode: 'form_post',
      state,
      redirect_uri: 'http://localhost:3000/api/1.2/customer/sso/apple/callback',
    });
    expect(url.searchParams.get('nonce')).toMatch(/.{20,}/);
  });

  it('spec 1 §1 Apple: the posted answer goes on to the GET callback, the name of the first authorisation is kept, a private relay address is the account e-mail', async () => {
    const first = await startSignOn(t, 'apple', '/customer/account');
    const answer = await signOnAtSandbox(first.location, 'hugo@icloud.test', 'sandbox');
    // Apple posts code, state and, this first time only, the user's name and e-mail.
    expect(answer.method).toBe('POST');
    if (answer.method !== 'POST') return;
    expect(JSON.parse(answer.form.get('user')!)).toEqual({
      name: { firstName: 'Hugo', lastName: 'Bernard' },
      email: 'k7x2m9qp4d@privaterelay.appleid.com',
    });
    const res = await arriveAtCallback(t, sandbox, answer, first.state);
    expect(res.headers.location).toBe('/customer/account');
    const customer = await customerOf(t, cookieOf(res, 'playz_sid'));
    expect(customer).toMatchObject({ logged: true, loggedWith: 'Apple', firstName: 'Hugo', lastName: 'Bernard' });
    expect(await identityOf('apple', 'apple-1002')).toMatchObject({
      email: 'k7x2m9qp4d@privaterelay.appleid.com',
      revoke_token: expect.any(String),
    });

    // The second authorisation carries no name: the account keeps the one it has.
    const second = await startSignOn(t, 'apple');
    const again = await signOnAtSandbox(second.location, 'hugo@icloud.test', 'sandbox');
    expect(again.method === 'POST' && again.form.has('user')).toBe(false);
    const back = await arriveAtCallback(t, sandbox, again, second.state);
    expect(await customerOf(t, cookieOf(back, 'playz_sid'))).toMatchObject({
      UID: customer.UID,
      firstName: 'Hugo',
      lastName: 'Bernard',
    });
  });

  it('spec 1 §1 Facebook: OAuth 2 and the Graph API /me, not OpenID Connect', async () => {
    const { location, state } = await startSignOn(t, 'facebook', '/');
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(`${sandbox.url}/facebook/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'playz',
      response_type: 'code',
      scope: 'email,public_profile',
      auth_type: 'rerequest',
      state,
    });
    const res = await signOn(t, sandbox, 'facebook', 'lea@facebook.test');
    expect(res.headers.location).toBe('/series');
    expect(await customerOf(t, cookieOf(res, 'playz_sid'))).toMatchObject({
      logged: true,
      loggedWith: 'Facebook',
      firstName: 'Léa',
      lastName: 'Martin',
    });
    expect(await identityOf('facebook', 'facebook-1001')).toMatchObject({ email: 'lea@facebook.test' });
  });

  it('spec 1 §8 15: a Facebook person who did not grant the e-mail lands on the log-in page with 15, no account made', async () => {
    const res = await signOn(t, sandbox, 'facebook', 'sam@facebook.test');
    expect(res.headers.location).toBe('/customer/login?sso_error=15');
    expect(cookieOf(res, 'playz_sid')).toBeUndefined();
    expect(await identityOf('facebook', 'facebook-1003')).toBeUndefined();
  });

  it('only sends the browser back to a path of this site', async () => {
    for (const target of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const res = await signOn(t, sandbox, 'facebook', 'hugo@facebook.test', target);
      expect(res.headers.location).toBe('/');
    }
  });

  it('refuses a callback this browser did not start (no state cookie): log-in page with 17', async () => {
    const { location } = await startSignOn(t, 'google');
    const callback = new URL(await signInAtSandbox(location, 'hugo@gmail.test', 'sandbox'));
    const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(res.headers.location).toBe('/customer/login?sso_error=17');
    expect(cookieOf(res, 'playz_sid')).toBeUndefined();
  });

  it('refuses a replayed callback (the state is single use)', async () => {
    const { location, state } = await startSignOn(t, 'google');
    const callback = new URL(await signInAtSandbox(location, 'hugo@gmail.test', 'sandbox'));
    const headers = { cookie: `playz_sso_state=${state}` };
    const url = `${callback.pathname}${callback.search}`;
    expect((await t.app.inject({ method: 'GET', url, headers })).headers.location).toBe('/series');
    const replay = await t.app.inject({ method: 'GET', url, headers });
    expect(replay.headers.location).toBe('/customer/login?sso_error=17');
  });

  it('answers an unknown provider with the log-in page and 18', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/1.2/customer/sso/myspace/authorize' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/customer/login?sso_error=18');
  });

  it('refuses a wrong password at the provider (the stand-in form checks it)', async () => {
    const { location } = await startSignOn(t, 'google');
    await expect(signInAtSandbox(location, 'lea@gmail.test', 'wrong')).rejects.toThrow(/stopped/);
  });
});

describe('spec 1 §4 account deletion revokes the provider grant (decision 079)', () => {
  it.each([
    ['google', 'hugo@gmail.test', 'google-1002'],
    ['apple', 'lea@icloud.test', 'apple-1001'],
    ['facebook', 'hugo@facebook.test', 'facebook-1002'],
  ])('%s: GET /customer/delete ends the grant at the provider', async (provider, login, subject) => {
    const res = await signOn(t, sandbox, provider, login);
    const sid = cookieOf(res, 'playz_sid');
    expect(sid).toBeDefined();
    const before = sandbox.revocations().length;
    const deleted = await t.app.inject({
      method: 'GET',
      url: '/api/1.2/customer/delete',
      headers: { cookie: `playz_sid=${sid}` },
    });
    expect(deleted.json()).toMatchObject({ Error: { Number: 0 }, Response: { Success: true } });
    expect(sandbox.revocations().slice(before)).toEqual([{ provider, subject }]);
    expect(await identityOf(provider, subject)).toBeUndefined();
  });
});
