import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderSandbox, type ProviderSandbox } from '@playz/provider-sandbox';
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

/** An identity token from the Apple stand-in, as a native app gets it from Apple's SDK (decision 078). */
const appleIdToken = async (login: string) => sandbox.nativeToken('apple', login);

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
