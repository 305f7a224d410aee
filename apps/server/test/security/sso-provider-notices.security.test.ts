import { createHmac, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACEBOOK_SANDBOX_APPS, startProviderSandbox, type ProviderSandbox } from '@playz/provider-sandbox';
import { cookieOf, customerOf, signOn } from '../support/sign-on';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Check 29, providers' own notices (decision 086). Pass rule: a notice that the provider did not
 * sign (another key, another app's audience or secret, an altered payload, a stale Facebook
 * request) gets 400 and changes nothing: the person stays signed in, the link and the account
 * stay; a provider without notices (Google) takes none; a notice Apple signed once is applied once.
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

const post = (provider: string, body: Record<string, string>, form = provider === 'facebook') =>
  t.app.inject({
    method: 'POST',
    url: `/api/1.2/customer/sso/${provider}/notifications`,
    ...(form
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(body).toString(),
        }
      : { payload: body }),
  });

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT signed by a key that is not Apple's, shaped exactly like Apple's notice. */
function forgedAppleNotice(claims: Record<string, unknown>) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const head = b64({ alg: 'RS256', kid: 'apple-sandbox' });
  const body = b64(claims);
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey).toString('base64url');
  return { payload: `${head}.${body}.${signature}` };
}

async function signedIn(provider: string, login: string) {
  const sid = cookieOf(await signOn(t, sandbox, provider, login), 'playz_sid');
  expect((await customerOf(t, sid)).logged).toBe(true);
  return sid;
}
const stillSignedIn = async (sid: string | undefined) => expect((await customerOf(t, sid)).logged).toBe(true);

describe("check 29: a provider notice must be the provider's own (decision 086)", () => {
  it('Apple: a notice signed with another key, or for another client, is refused with 400 and deletes nothing', async () => {
    const sid = await signedIn('apple', 'lea@icloud.test');
    const now = Math.floor(Date.now() / 1000);
    const events = JSON.stringify({ type: 'account-delete', sub: 'apple-1001', event_time: Date.now() });
    const forged = forgedAppleNotice({ iss: sandbox.issuer('apple'), aud: 'playz', iat: now, jti: 'j1', events });
    expect((await post('apple', forged)).statusCode).toBe(400);
    // Apple's own signature, but the notice was for another client id.
    const genuine = sandbox.serverNotice('apple', 'lea@icloud.test', 'account-delete') as { payload: string };
    const [head, , sig] = genuine.payload.split('.');
    const claims = JSON.parse(Buffer.from(genuine.payload.split('.')[1]!, 'base64url').toString());
    const otherAudience = `${head}.${b64({ ...claims, aud: 'other-app' })}.${sig}`;
    expect((await post('apple', { payload: otherAudience })).statusCode).toBe(400);
    expect((await post('apple', { payload: 'not-a-jwt' })).statusCode).toBe(400);
    expect((await post('apple', {})).statusCode).toBe(400);
    await stillSignedIn(sid);
  });

  it('Facebook: a request signed with another app secret, altered, or stale is refused with 400 and deletes nothing', async () => {
    const sid = await signedIn('facebook', 'hugo@facebook.test');
    const issued = Math.floor(Date.now() / 1000);
    const payload = b64({ algorithm: 'HMAC-SHA256', issued_at: issued, user_id: 'facebook-1002' });
    const signWith = (secret: string, part: string) => createHmac('sha256', secret).update(part).digest('base64url');
    const otherApp = `${signWith(FACEBOOK_SANDBOX_APPS.other.appSecret, payload)}.${payload}`;
    expect((await post('facebook', { signed_request: otherApp })).statusCode).toBe(400);
    // Facebook's signature over one person's id, the payload swapped for another's.
    const genuine = sandbox.serverNotice('facebook', 'lea@facebook.test').signed_request!;
    const altered = `${genuine.split('.')[0]}.${payload}`;
    expect((await post('facebook', { signed_request: altered })).statusCode).toBe(400);
    const stale = sandbox.serverNotice('facebook', 'hugo@facebook.test', undefined, Date.now() - 3 * 24 * 3600_000);
    expect((await post('facebook', stale)).statusCode).toBe(400);
    const noneAlgorithm = b64({ algorithm: 'none', issued_at: issued, user_id: 'facebook-1002' });
    const unsigned = `${signWith(FACEBOOK_SANDBOX_APPS.playz.appSecret, noneAlgorithm)}.${noneAlgorithm}`;
    expect((await post('facebook', { signed_request: unsigned })).statusCode).toBe(400);
    expect((await post('facebook', { signed_request: `${randomBytes(32).toString('base64url')}` })).statusCode).toBe(
      400,
    );
    await stillSignedIn(sid);
  });

  it('Google sends no notices: its path takes none (18)', async () => {
    const res = await post('google', { payload: 'x' }, false);
    expect(res.json().Error.Number).toBe(18);
  });

  it('a notice Apple signed once is applied once: replayed after the person came back, it deletes nothing', async () => {
    await signedIn('apple', 'hugo@icloud.test');
    const notice = sandbox.serverNotice('apple', 'hugo@icloud.test', 'account-delete');
    expect((await post('apple', notice)).statusCode).toBe(200);
    const sid = await signedIn('apple', 'hugo@icloud.test');
    expect((await post('apple', notice)).statusCode).toBe(200);
    await stillSignedIn(sid);
  });
});
