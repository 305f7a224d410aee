import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT, signInAtSandbox, startProviderSandbox, type ProviderSandbox } from '@playz/provider-sandbox';
import { createTestApp, type TestApp } from './test-app';
import { errorNumber, post } from './accounts-test-support';

// Decision 019: a social registration with an ID token (decision 012) takes promo_code the same
// way as an e-mail registration: checked before the account exists, redeemed on it after.

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

/** An ID token from the Apple sandbox, as a native app gets it from the provider's SDK. */
async function appleIdToken(login: string): Promise<string> {
  const config = await client.discovery(
    new URL(sandbox.issuer('apple')),
    SANDBOX_CLIENT.clientId,
    SANDBOX_CLIENT.clientSecret,
    undefined,
    { execute: [client.allowInsecureRequests] },
  );
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: 'http://localhost:3000/api/1.2/customer/sso/apple/callback',
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

describe('promo code with a social registration (decision 019)', () => {
  it('refuses an unknown code before creating the account, then redeems a valid one', async () => {
    const fields = { sso_source: 'apple', sso_id: await appleIdToken('lea@icloud.test') };
    expect(errorNumber(await t.app.inject(post('/customer/register', { ...fields, promo_code: 'NOPE-1' })))).toBe(7);
    // Nothing was created: the same provider account can still register.
    const res = await t.app.inject(post('/customer/register', { ...fields, promo_code: 'Bienvenue' }));
    expect(res.json()).toMatchObject({
      Error: { Number: 0 },
      Response: {
        Result: 1,
        Customer: { loggedWith: 'Apple', hasFullAccess: true, promoCode: { code: 'BIENVENUE' } },
      },
    });
  });
});
