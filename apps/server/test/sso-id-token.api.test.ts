import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT, signInAtSandbox, startProviderSandbox, type ProviderSandbox } from '@playz/provider-sandbox';
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

/**
 * What a native app gets from the provider's SDK (decision 078): Google's an ID token through its
 * OpenID Connect flow, Apple's an identity token, Facebook's a user access token (not an ID token).
 */
async function idTokenFrom(provider: 'google' | 'facebook' | 'apple', login: string): Promise<string> {
  if (provider !== 'google') return sandbox.nativeToken(provider, login);
  const config = await client.discovery(
    new URL(sandbox.issuer(provider)),
    SANDBOX_CLIENT.clientId,
    SANDBOX_CLIENT.clientSecret,
    undefined,
    { execute: [client.allowInsecureRequests] },
  );
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: `http://localhost:3000/api/1.2/customer/sso/${provider}/callback`,
    scope: 'openid email profile',
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const back = await signInAtSandbox(url.toString(), login, 'sandbox');
  const tokens = await client.authorizationCodeGrant(config, new URL(back), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens.id_token!;
}

const post = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/1.2${url}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('POST /customer and /customer/register with sso_source and sso_id (spec 1 §7, §8 17/18/19)', () => {
  it('spec 1 §7 logs in with an Apple identity token and a Facebook access token, each checked its own way', async () => {
    const apple = await post('/customer', {
      sso_source: 'apple',
      sso_id: await idTokenFrom('apple', 'hugo@icloud.test'),
    });
    expect(apple.json()).toMatchObject({ Error: { Number: 0 }, Response: { Customer: { loggedWith: 'Apple' } } });
    const facebook = await post('/customer', {
      sso_source: 'facebook',
      sso_id: await idTokenFrom('facebook', 'lea@facebook.test'),
    });
    expect(facebook.json()).toMatchObject({
      Error: { Number: 0 },
      Response: { Customer: { loggedWith: 'Facebook', firstName: 'Léa', lastName: 'Martin' } },
    });
    // A Facebook token is not an ID token and the other way round: each refused by the other.
    expect(
      (
        await post('/customer', { sso_source: 'facebook', sso_id: await idTokenFrom('apple', 'lea@icloud.test') })
      ).json().Error.Number,
    ).toBe(17);
  });

  it('logs in with an ID token the provider issued to our client, keyed on provider + subject', async () => {
    const idToken = await idTokenFrom('google', 'lea@gmail.test');
    const res = await post('/customer', { sso_source: 'google', sso_id: idToken });
    expect(res.json()).toMatchObject({
      Error: { Number: 0 },
      Response: { Customer: { logged: true, loggedWith: 'Google', firstName: 'Léa', login: null } },
    });
    expect(res.cookies.find((c) => c.name === 'playz_sid')).toBeDefined();
    const again = await post('/customer', { sso_source: 'Google', sso_id: idToken });
    expect(again.json().Response.Customer.UID).toBe(res.json().Response.Customer.UID);
  });

  it('answers 17 for a token of another provider, a tampered token or an unsigned one', async () => {
    const idToken = await idTokenFrom('google', 'hugo@gmail.test');
    expect((await post('/customer', { sso_source: 'apple', sso_id: idToken })).json().Error.Number).toBe(17);
    const [header, payload, signature] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'google-1001' })).toString('base64url');
    const tampered = await post('/customer', {
      sso_source: 'google',
      sso_id: `${header}.${forgedPayload}.${signature}`,
    });
    expect(tampered.json().Error.Number).toBe(17);
    expect(tampered.statusCode).toBe(400);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(
      (await post('/customer', { sso_source: 'google', sso_id: `${none}.${forgedPayload}.` })).json().Error.Number,
    ).toBe(17);
    // A client-sent subject is not an ID token.
    expect((await post('/customer', { sso_source: 'google', sso_id: 'google-1001' })).json().Error.Number).toBe(17);
  });

  it('answers 18 for an unknown provider and 2 without sso_id', async () => {
    expect((await post('/customer', { sso_source: 'myspace', sso_id: 'x' })).json().Error.Number).toBe(18);
    expect((await post('/customer', { sso_source: 'google' })).json().Error.Number).toBe(2);
  });

  it('registers a new provider account once, then answers 19', async () => {
    const idToken = await idTokenFrom('facebook', 'hugo@facebook.test');
    const fields = {
      sso_source: 'facebook',
      sso_id: idToken,
      email: 'hugo@facebook.test',
      firstname: 'Hugo',
      lastname: 'B.',
    };
    const res = await post('/customer/register', fields);
    expect(res.json()).toMatchObject({
      Error: { Number: 0 },
      Response: { Result: 1, Customer: { logged: true, loggedWith: 'Facebook', firstName: 'Hugo', lastName: 'B.' } },
    });
    const twice = await post('/customer/register', fields);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().Error.Number).toBe(19);
  });

  it('still asks for login and password when registering without sso_source (2)', async () => {
    expect((await post('/customer/register', { password: 'abcdef' })).json().Error.Number).toBe(2);
  });
});
