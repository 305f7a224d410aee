import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FACEBOOK_SANDBOX_APPS,
  signInAtSandbox,
  signOnAtSandbox,
  startProviderSandbox,
  type ProviderSandbox,
} from '@playz/provider-sandbox';
import { ConfigError, loadConfig } from '../../src/config';
import { SANDBOX_APPLE, SANDBOX_FACEBOOK_SECRET } from '../../src/modules/sso/providers/config';
import { appleClientSecret } from '../../src/modules/sso/providers/apple/client-secret';
import { arriveAtCallback, cookieOf, startSignOn } from '../support/sign-on';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Social sign-on against stand-ins that behave like the providers (decision 078). Pass rule: no
 * session starts from a state this browser did not start, a code used once already, an ID token
 * whose nonce is not the one we sent, a Facebook token our app secret does not prove, or an Apple
 * form_post without our state or from another origin; the stand-ins refuse a wrong appsecret_proof
 * and an Apple client secret that is not ours or lives longer than 6 months; a production start
 * refuses the stand-ins' published keys and placeholder secrets.
 */
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

const getCallback = (url: string, state: string | undefined) =>
  t.app.inject({
    method: 'GET',
    url: `${new URL(url).pathname}${new URL(url).search}`,
    headers: state ? { cookie: `playz_sso_state=${state}` } : {},
  });
const noSession = (res: { cookies: { name: string; value: string }[] }) =>
  expect(cookieOf(res, 'playz_sid')).toBeUndefined();

describe('spec 1 §1 social sign-on: forged answers start no session (decision 078)', () => {
  it('a forged state (not the one this browser was given) is refused with 17', async () => {
    const victim = await startSignOn(t, 'google');
    const attacker = await startSignOn(t, 'google');
    // The attacker's code and state, delivered to a browser holding another state.
    const callback = await signInAtSandbox(attacker.location, 'hugo@gmail.test', 'sandbox');
    const res = await getCallback(callback, victim.state);
    expect(res.headers.location).toBe('/customer/login?sso_error=17');
    noSession(res);
    const made = new URL(callback);
    made.searchParams.set('state', 'forged-state');
    const forged = await getCallback(made.toString(), 'forged-state');
    expect(forged.headers.location).toBe('/customer/login?sso_error=17');
    noSession(forged);
  });

  it.each(['google', 'facebook'])(
    '%s: a replayed code, under a fresh state of this browser, is refused with 17',
    async (provider) => {
      const first = await startSignOn(t, provider);
      const login = provider === 'google' ? 'lea@gmail.test' : 'lea@facebook.test';
      const callback = new URL(await signInAtSandbox(first.location, login, 'sandbox'));
      expect((await getCallback(callback.toString(), first.state)).headers.location).toBe('/series');
      // The same code again, with a new authorization's state: the provider refuses it.
      const second = await startSignOn(t, provider);
      callback.searchParams.set('state', second.state!);
      const replay = await getCallback(callback.toString(), second.state);
      expect(replay.headers.location).toBe('/customer/login?sso_error=17');
      noSession(replay);
    },
  );

  it.each([
    ['google', 'lea@gmail.test'],
    ['apple', 'lea@icloud.test'],
  ])('%s: an ID token whose nonce is not the one sent is refused with 17', async (provider, login) => {
    const { location, state } = await startSignOn(t, provider);
    // The nonce the ID token will carry is the one in the authorization URL; ours now differs.
    await t.app.db
      .updateTable('sso_authorizations')
      .set({ nonce: 'another-nonce' })
      .where('provider', '=', provider)
      .execute();
    const res = await arriveAtCallback(t, sandbox, await signOnAtSandbox(location, login, 'sandbox'), state);
    expect(res.headers.location).toBe('/customer/login?sso_error=17');
    noSession(res);
  });

  it('Facebook: an access token another app obtained fails its appsecret_proof and is refused with 17', async () => {
    const foreign = sandbox.nativeToken('facebook', 'lea@facebook.test', FACEBOOK_SANDBOX_APPS.other.appId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/customer',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ sso_source: 'facebook', sso_id: foreign }).toString(),
    });
    expect(res.json().Error.Number).toBe(17);
    noSession(res);
  });

  it('Facebook Graph (the stand-in) refuses /me with a wrong or missing appsecret_proof, answers with the right one', async () => {
    const token = sandbox.nativeToken('facebook', 'lea@facebook.test');
    const me = (proof?: string) =>
      fetch(
        `${sandbox.url}/facebook/me?${new URLSearchParams({ fields: 'id,name,email', access_token: token, ...(proof ? { appsecret_proof: proof } : {}) })}`,
      );
    const proofWith = (secret: string) => createHmac('sha256', secret).update(token).digest('hex');
    for (const wrong of [
      undefined,
      proofWith('not-the-app-secret'),
      proofWith(FACEBOOK_SANDBOX_APPS.other.appSecret),
    ]) {
      const res = await me(wrong);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/appsecret_proof/);
    }
    const ok = await me(proofWith(FACEBOOK_SANDBOX_APPS.playz.appSecret));
    expect(await ok.json()).toEqual({ id: 'facebook-1001', name: 'Léa Martin', email: 'lea@facebook.test' });
  });

  it('Apple: a form_post from another origin is refused; one from Apple without a pending state goes to the log-in page with 17', async () => {
    const url = '/api/1.2/customer/sso/apple/callback';
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const evil = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, origin: 'https://evil.example' },
      payload: 'code=c.stolen',
    });
    expect(evil.statusCode).toBeGreaterThanOrEqual(400);
    expect(evil.statusCode).toBeLessThan(500);
    expect(evil.json().Error.Number).toBe(4);
    noSession(evil);
    for (const payload of ['code=c.stolen', 'code=c.stolen&state=never-issued']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, origin: sandbox.url }, payload });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/customer/login?sso_error=17');
      noSession(res);
    }
    // Google answers by GET: a post to its callback is not a provider's answer.
    const google = await t.app.inject({
      method: 'POST',
      url: '/api/1.2/customer/sso/google/callback',
      headers: { ...headers, origin: sandbox.url },
      payload: 'code=x&state=y',
    });
    expect(google.json().Error.Number).toBe(4);
  });

  it('Apple: a genuine form_post still needs the browser that started it (the state cookie on the GET)', async () => {
    const { location } = await startSignOn(t, 'apple');
    const res = await arriveAtCallback(
      t,
      sandbox,
      await signOnAtSandbox(location, 'lea@icloud.test', 'sandbox'),
      undefined,
    );
    expect(res.headers.location).toBe('/customer/login?sso_error=17');
    noSession(res);
  });
});

describe('spec 1 §1 Apple client secret: an ES256 JWT of our key, at most 6 months (decision 078)', () => {
  const token = async (secret: string) => {
    const res = await fetch(`${sandbox.url}/apple/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'playz',
        client_secret: secret,
        code: 'c.none',
        grant_type: 'authorization_code',
      }),
    });
    return ((await res.json()) as { error: string }).error;
  };
  const config = { clientId: 'playz', ...SANDBOX_APPLE };

  it('signs iss team id, sub client id, aud Apple, kid key id; refuses to make one over 6 months', async () => {
    const secret = await appleClientSecret({ ...config, issuer: sandbox.issuer('apple') }, new Date(), 3600);
    const [header, claims] = secret
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header).toEqual({ alg: 'ES256', kid: 'SANDBOXKEY' });
    expect(claims).toMatchObject({ iss: 'PLAYZTEAM1', sub: 'playz', aud: sandbox.issuer('apple') });
    expect(claims.exp - claims.iat).toBe(3600);
    await expect(
      appleClientSecret({ ...config, issuer: sandbox.issuer('apple') }, new Date(), 15_777_001),
    ).rejects.toThrow(RangeError);
    // Ours passes the client check (the code is then what is wrong).
    expect(await token(secret)).toBe('invalid_grant');
  });

  it('the Apple stand-in refuses a secret signed with another key, for another audience, or living longer than 6 months', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const now = Math.floor(Date.now() / 1000);
    const { SignJWT, importPKCS8 } = await import('jose');
    const sign = async (claims: Record<string, unknown>, pem = SANDBOX_APPLE.privateKeyPem) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'SANDBOXKEY' }).sign(await importPKCS8(pem, 'ES256'));
    const good = { iss: 'PLAYZTEAM1', sub: 'playz', aud: sandbox.issuer('apple'), iat: now, exp: now + 600 };
    expect(await token(await sign(good, otherKey))).toBe('invalid_client');
    expect(await token(await sign({ ...good, aud: 'https://evil.example' }))).toBe('invalid_client');
    expect(await token(await sign({ ...good, exp: now + 15_777_001 }))).toBe('invalid_client');
    expect(await token('playz-sandbox-secret')).toBe('invalid_client');
  });
});

describe('decision 047: a production start refuses the sign-on stand-ins keys and placeholders', () => {
  const production = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'production', ...env });
      return [];
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return error.problems;
    }
  };

  it('names the Apple stand-in key, the Facebook stand-in secret and a change-me placeholder, never echoing them', () => {
    const problems = production({
      SSO_APPLE_CLIENT_ID: 'fr.playz.web',
      SSO_APPLE_TEAM_ID: 'ABCDE12345',
      SSO_APPLE_KEY_ID: 'KEY1234567',
      SSO_APPLE_PRIVATE_KEY: SANDBOX_APPLE.privateKeyPem.replace(/\n/g, '\\n'),
      SSO_FACEBOOK_CLIENT_ID: '1234567890',
      SSO_FACEBOOK_CLIENT_SECRET: SANDBOX_FACEBOOK_SECRET,
      SSO_GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com',
      SSO_GOOGLE_CLIENT_SECRET: 'change-me',
    });
    for (const setting of ['SSO_APPLE_PRIVATE_KEY', 'SSO_FACEBOOK_CLIENT_SECRET', 'SSO_GOOGLE_CLIENT_SECRET'])
      expect(
        problems.some((p) => p.startsWith(`${setting}:`)),
        setting,
      ).toBe(true);
    expect(problems.join('\n')).not.toContain(SANDBOX_FACEBOOK_SECRET);
  });

  it('names a provider given only in part instead of leaving it silently off', () => {
    expect(production({ SSO_APPLE_CLIENT_ID: 'fr.playz.web' })).toContainEqual(
      expect.stringMatching(/^SSO_APPLE_TEAM_ID, SSO_APPLE_KEY_ID, SSO_APPLE_PRIVATE_KEY: Apple sign-on needs/),
    );
  });
});
