import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderSandbox, type ProviderSandbox } from '@playz/provider-sandbox';
import { cookieOf, customerOf, signOn } from './support/sign-on';
import { createTestApp, logInAs, type TestApp } from './test-app';

/**
 * What sign-on providers tell the server on their own (decision 086): Apple's server-to-server
 * notifications and Facebook's data-deletion request, from stand-ins that sign them as the
 * providers do; the grant tokens kept sealed; the account page's list of social accounts.
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

const identityOf = (provider: string, subject: string) =>
  t.app.db
    .selectFrom('sso_identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();

const postNotice = (provider: string, body: Record<string, string>) =>
  provider === 'apple'
    ? t.app.inject({ method: 'POST', url: `/api/1.2/customer/sso/${provider}/notifications`, payload: body })
    : t.app.inject({
        method: 'POST',
        url: `/api/1.2/customer/sso/${provider}/notifications`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body).toString(),
      });

const socialAccounts = async (sid: string | undefined) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/1.2/customer/sso/accounts',
    headers: { cookie: `playz_sid=${sid}` },
  });
  return res.json();
};

async function signedOn(provider: string, login: string) {
  const sid = cookieOf(await signOn(t, sandbox, provider, login), 'playz_sid');
  const customer = await customerOf(t, sid);
  expect(customer.logged).toBe(true);
  return { sid, uid: customer.UID as string };
}

describe('Social accounts on the account page (beyond the spec, decision 086)', () => {
  it('GET /customer/sso/accounts lists the provider and the address it gave, a relay one included', async () => {
    const { sid } = await signedOn('apple', 'hugo@icloud.test');
    expect((await socialAccounts(sid)).Response).toEqual({
      SocialAccounts: [
        {
          provider: 'Apple',
          email: 'k7x2m9qp4d@privaterelay.appleid.com',
          emailForwarding: true,
          since: expect.any(String),
        },
      ],
    });
  });

  it('a visitor gets 11, an account made with a password lists none', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/1.2/customer/sso/accounts' });
    expect(visitor.json().Error.Number).toBe(11);
    const own = (await logInAs(t.app, 'demo@playz.fr')).replace('playz_sid=', '');
    expect((await socialAccounts(own)).Response).toEqual({ SocialAccounts: [] });
  });

  it('the grant token is kept sealed with the server secret, never as the provider gave it', async () => {
    await signedOn('apple', 'lea@icloud.test');
    const kept = (await identityOf('apple', 'apple-1001'))?.revoke_token;
    expect(kept).toMatch(/^s1\.[A-Za-z0-9_-]{40,}$/);
    // The stand-in's refresh tokens are "r." + 32 base64url characters: none is readable here.
    expect(kept).not.toMatch(/r\.[A-Za-z0-9_-]{32}/);
  });
});

describe("Apple's server-to-server notifications (decision 086)", () => {
  it('email-disabled and email-enabled set the forwarding; an older notice arriving late changes nothing', async () => {
    const { sid } = await signedOn('apple', 'hugo@icloud.test');
    const t0 = Date.now();
    const disabled = await postNotice('apple', sandbox.serverNotice('apple', 'hugo@icloud.test', 'email-disabled', t0));
    expect(disabled.statusCode).toBe(200);
    expect((await socialAccounts(sid)).Response.SocialAccounts[0].emailForwarding).toBe(false);
    await postNotice('apple', sandbox.serverNotice('apple', 'hugo@icloud.test', 'email-enabled', t0 - 60_000));
    expect((await socialAccounts(sid)).Response.SocialAccounts[0].emailForwarding).toBe(false);
    await postNotice('apple', sandbox.serverNotice('apple', 'hugo@icloud.test', 'email-enabled', t0 + 60_000));
    expect((await socialAccounts(sid)).Response.SocialAccounts[0].emailForwarding).toBe(true);
  });

  it('consent-revoked: nothing left to revoke, an account with no other way in is signed out, the same person comes back to it', async () => {
    const { sid, uid } = await signedOn('apple', 'hugo@icloud.test');
    const res = await postNotice('apple', sandbox.serverNotice('apple', 'hugo@icloud.test', 'consent-revoked'));
    expect(res.statusCode).toBe(200);
    expect(await customerOf(t, sid)).toMatchObject({ logged: false });
    expect(await identityOf('apple', 'apple-1002')).toMatchObject({ revoke_token: null });
    const again = await signedOn('apple', 'hugo@icloud.test');
    expect(again.uid).toBe(uid);
  });

  it('account-delete: the link and the address go, the account nobody can sign in to is deleted; a redelivery deletes nothing more', async () => {
    const { sid, uid } = await signedOn('apple', 'lea@icloud.test');
    const notice = sandbox.serverNotice('apple', 'lea@icloud.test', 'account-delete');
    expect((await postNotice('apple', notice)).statusCode).toBe(200);
    expect(await identityOf('apple', 'apple-1001')).toBeUndefined();
    expect(await customerOf(t, sid)).toMatchObject({ logged: false });
    const deleted = await t.app.db.selectFrom('customers').select('id').where('uid', '=', uid).executeTakeFirst();
    expect(deleted).toBeUndefined();
    // The same person signs in again: a new account, which the old notice, delivered again, keeps.
    const fresh = await signedOn('apple', 'lea@icloud.test');
    expect(fresh.uid).not.toBe(uid);
    expect((await postNotice('apple', notice)).statusCode).toBe(200);
    expect(await customerOf(t, fresh.sid)).toMatchObject({ logged: true, UID: fresh.uid });
  });

  it('account-delete keeps an account that still has its own password, signed in', async () => {
    const { sid, uid } = await signedOn('apple', 'hugo@icloud.test');
    await t.app.db
      .updateTable('customers')
      .set({ password_hash: 'kept-for-the-test' })
      .where('uid', '=', uid)
      .execute();
    await postNotice('apple', sandbox.serverNotice('apple', 'hugo@icloud.test', 'account-delete'));
    expect(await identityOf('apple', 'apple-1002')).toBeUndefined();
    expect(await customerOf(t, sid)).toMatchObject({ logged: true, UID: uid });
  });
});

describe("Facebook's data-deletion request callback (decision 086)", () => {
  it('answers with the status page and a confirmation code, deletes what came from Facebook, and the code reads as done', async () => {
    const { sid, uid } = await signedOn('facebook', 'lea@facebook.test');
    const request = sandbox.serverNotice('facebook', 'lea@facebook.test');
    const res = await postNotice('facebook', request);
    expect(res.statusCode).toBe(200);
    const { url, confirmation_code: code } = res.json();
    expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(url).toBe(`http://localhost:3000/customer/sso/deletion/${code}`);
    expect(await identityOf('facebook', 'facebook-1001')).toBeUndefined();
    expect(await customerOf(t, sid)).toMatchObject({ logged: false });
    expect(
      await t.app.db.selectFrom('customers').select('id').where('uid', '=', uid).executeTakeFirst(),
    ).toBeUndefined();

    const status = await t.app.inject({ method: 'GET', url: `/api/1.2/customer/sso/deletion-status?code=${code}` });
    expect(status.json()).toMatchObject({
      Error: { Number: 0 },
      Response: { Provider: 'Facebook', ReceivedAt: expect.any(String), Status: 'done' },
    });
    // Facebook sending the same request again gets the same code.
    expect((await postNotice('facebook', request)).json().confirmation_code).toBe(code);
  });

  it('an unknown code is 7, a malformed one 3, in the viewer language', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/1.2/customer/sso/deletion-status?code=AAAAAAAAAAAAAAAA',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Error.Number).toBe(7);
    const bad = await t.app.inject({ method: 'GET', url: '/api/1.2/customer/sso/deletion-status?code=%3Cx%3E' });
    expect(bad.json().Error.Number).toBe(3);
  });

  it('a request for a person with no account here is acknowledged with its code, nothing else changes', async () => {
    const res = await postNotice('facebook', sandbox.serverNotice('facebook', 'sam@facebook.test'));
    expect(res.statusCode).toBe(200);
    expect(res.json().confirmation_code).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});
