import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_API_BASE_PATH } from '@playz/api-contract/admin';
import { runStaffCommand } from '../../src/cli/staff';
import { base32Decode, hotp, totpStep } from '../../src/modules/staff/totp';
import { createTestApp, logInAs, type TestApp } from '../test-app';
import { SoftAuthenticator } from '../soft-authenticator';

/**
 * Staff passkeys (decision 095): what a passkey sign-in must refuse. Pass rule: a replayed
 * assertion, an assertion made for another origin, another member's credential, a stale signature
 * counter, an answer past the challenge's two minutes, and a customer's session are each refused
 * with the envelope (11), and none opens a console session; the last second factor is not removed.
 */
let clock = Date.parse('2026-11-29T10:00:00Z');
let t: TestApp;
let ip = 0;
const json = { 'content-type': 'application/json' };
const cookieOf = (res: LightMyRequestResponse) => {
  const value = res.cookies.find((c) => c.name === 'playz_staff')?.value;
  expect(value, res.body).toMatch(/^[\w-]{40,}$/);
  return `playz_staff=${value}`;
};
const post = (url: string, cookie: string | null, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${ADMIN_API_BASE_PATH}${url}`,
    headers: { ...json, 'x-forwarded-for': `203.0.113.${++ip}`, ...(cookie ? { cookie } : {}) },
    payload,
  });
const getCall = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `${ADMIN_API_BASE_PATH}${url}`, headers: { cookie } });

const members: Record<string, { email: string; password: string; secret: string }> = {};

/** The password step: a half-open session's cookie and the answer. */
async function passwordStep(who: string) {
  clock += 31_000;
  const res = await post('/session/password', null, { email: members[who]!.email, password: members[who]!.password });
  return { cookie: cookieOf(res), body: res.json().Response as { next: string; passkeys?: boolean } };
}

async function withTotp(who: string) {
  const first = await passwordStep(who);
  const done = await post('/session/second-factor', first.cookie, {
    code: hotp(base32Decode(members[who]!.secret), totpStep(clock)),
  });
  return cookieOf(done);
}

async function registerKey(cookie: string, name: string, key: SoftAuthenticator) {
  const { rpId, origin } = t.config.staffPasskeys!;
  const options = (await post('/passkeys/options', cookie)).json().Response.options;
  return post('/passkeys', cookie, { name, response: key.register(options, origin, rpId) });
}

/** A half-open session and the challenge its sign-in options give. */
async function signInChallenge(who: string) {
  const first = await passwordStep(who);
  const options = await post('/session/passkey/options', first.cookie);
  expect(options.json().Error.Number, options.body).toBe(0);
  return { cookie: first.cookie, options: options.json().Response.options as { challenge: string } };
}

const refused = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toMatchObject({ Response: null, Error: { Number: 11 } });
  expect(res.cookies.find((c) => c.name === 'playz_staff' && c.value)).toBeUndefined();
};

const ana = new SoftAuthenticator();
const bob = new SoftAuthenticator();

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  const lines: string[] = [];
  await runStaffCommand(['create-admin', 'ana@playz.fr', 'Ana'], { db: t.database.db, print: (l) => lines.push(l) });
  members.ana = { email: 'ana@playz.fr', password: /shown once\): (\S+)/.exec(lines.join('\n'))![1]!, secret: '' };
  // The first sign-ins enrol TOTP (decision 080): the secret is kept for the later ones.
  const enrol = async (who: string) => {
    clock += 31_000;
    const first = await post('/session/password', null, {
      email: members[who]!.email,
      password: members[who]!.password,
    });
    members[who]!.secret = first.json().Response.enrolment.secret;
    return cookieOf(
      await post('/session/second-factor', cookieOf(first), {
        code: hotp(base32Decode(members[who]!.secret), totpStep(clock)),
      }),
    );
  };
  const admin = await enrol('ana');
  const created = await post('/staff', admin, { email: 'bob@playz.fr', name: 'Bob', roles: ['support'] });
  members.bob = { email: 'bob@playz.fr', password: created.json().Response.password, secret: '' };
  await enrol('bob');
  expect((await registerKey(admin, 'Clé USB', ana)).json().Error.Number).toBe(0);
  expect((await registerKey(await withTotp('bob'), 'Téléphone', bob)).json().Error.Number).toBe(0);
});
afterAll(() => t.close());

describe('staff passkeys refuse what is not the member’s own fresh answer (decision 095)', () => {
  // Five wrong second factors a quarter of an hour (decision 080): each case starts a new quarter.
  beforeEach(() => {
    clock += 16 * 60_000;
  });

  it('the control: the password step offers the passkey, and the member’s own assertion opens the console', async () => {
    const first = await passwordStep('ana');
    expect(first.body).toEqual({ next: 'totp', passkeys: true });
    const options = (await post('/session/passkey/options', first.cookie)).json().Response.options;
    const { rpId, origin } = t.config.staffPasskeys!;
    const done = await post('/session/passkey', first.cookie, { response: ana.assert(options, origin, rpId) });
    expect(done.json().Error.Number, done.body).toBe(0);
    expect((await getCall('/session', cookieOf(done))).json().Response.staff.email).toBe('ana@playz.fr');
    // The half-open session's token does not become the full one (no fixation).
    expect((await getCall('/session', first.cookie)).json().Error.Number).toBe(11);
  });

  it('a replayed assertion: the same answer again, on its own session and on a new one, is 11', async () => {
    const { rpId, origin } = t.config.staffPasskeys!;
    const first = await signInChallenge('ana');
    const answer = ana.assert(first.options, origin, rpId);
    expect((await post('/session/passkey', first.cookie, { response: answer })).json().Error.Number).toBe(0);
    refused(await post('/session/passkey', first.cookie, { response: answer }));
    const second = await signInChallenge('ana');
    refused(await post('/session/passkey', second.cookie, { response: answer }));
    // The challenge was taken by the refused answer: the right one must ask again.
    refused(await post('/session/passkey', second.cookie, { response: ana.assert(second.options, origin, rpId) }));
  });

  it('an assertion made for another origin or another relying party is 11', async () => {
    const { rpId, origin } = t.config.staffPasskeys!;
    const other = await signInChallenge('ana');
    refused(
      await post('/session/passkey', other.cookie, {
        response: ana.assert(other.options, 'https://evil.example', rpId),
      }),
    );
    const rp = await signInChallenge('ana');
    refused(await post('/session/passkey', rp.cookie, { response: ana.assert(rp.options, origin, 'evil.example') }));
  });

  it('another member’s credential signing this member’s challenge is 11', async () => {
    const { rpId, origin } = t.config.staffPasskeys!;
    const { cookie, options } = await signInChallenge('ana');
    refused(await post('/session/passkey', cookie, { response: bob.assert(options, origin, rpId) }));
  });

  it('a stale signature counter (a cloned key) is 11', async () => {
    const { rpId, origin } = t.config.staffPasskeys!;
    const { cookie, options } = await signInChallenge('ana');
    const stored = await t.database.db
      .selectFrom('staff_passkeys')
      .select('counter')
      .where('credential_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    // A copy of the key that signs with the counter the server saw last.
    const counter = ana.counter;
    ana.counter = Number(stored.counter) - 1;
    refused(await post('/session/passkey', cookie, { response: ana.assert(options, origin, rpId) }));
    ana.counter = counter;
  });

  it('an answer after the challenge’s two minutes is 11', async () => {
    const { rpId, origin } = t.config.staffPasskeys!;
    const { cookie, options } = await signInChallenge('ana');
    clock += 2 * 60_000;
    refused(await post('/session/passkey', cookie, { response: ana.assert(options, origin, rpId) }));
  });

  it('a customer’s session, or none, opens no passkey call', async () => {
    const customer = await logInAs(t.app, 'abonne@playz.fr');
    for (const cookie of [customer, null]) {
      refused(await post('/session/passkey/options', cookie));
      refused(await post('/session/passkey', cookie, { response: ana.assert({ challenge: 'x' }, 'x', 'x') }));
      refused(await post('/passkeys/options', cookie));
      refused(await post('/passkeys', cookie, { name: 'x', response: ana.assert({ challenge: 'x' }, 'x', 'x') }));
    }
  });

  it('a full session registers no passkey without its own challenge, nor one answered for another origin', async () => {
    const cookie = await withTotp('ana');
    const key = new SoftAuthenticator();
    const { rpId } = t.config.staffPasskeys!;
    refused(
      await post('/passkeys', cookie, { name: 'X', response: key.register({ challenge: 'made-up' }, 'x', rpId) }),
    );
    const options = (await post('/passkeys/options', cookie)).json().Response.options;
    refused(
      await post('/passkeys', cookie, { name: 'X', response: key.register(options, 'https://evil.example', rpId) }),
    );
    const listed = (await getCall('/passkeys', cookie)).json().Response;
    expect(listed.passkeys.map((p: { name: string }) => p.name)).toEqual(['Clé USB']);
  });
});

describe('a member’s passkeys on their page (decision 095)', () => {
  beforeEach(() => {
    clock += 16 * 60_000;
  });

  it('lists them, removes one of their own only, and the audit log has each change', async () => {
    const cookie = await withTotp('ana');
    const spare = new SoftAuthenticator();
    const added = await registerKey(cookie, 'Téléphone', spare);
    expect(added.json().Response.passkey).toMatchObject({ name: 'Téléphone', lastUsedAt: null });
    const listed = (await getCall('/passkeys', cookie)).json().Response;
    expect(listed).toMatchObject({ totp: true, available: true });
    expect(listed.passkeys.map((p: { name: string }) => p.name)).toEqual(['Clé USB', 'Téléphone']);
    expect(listed.passkeys[0].lastUsedAt).not.toBeNull();
    // Bob's passkey is not Ana's to remove.
    const bobs = (await getCall('/passkeys', await withTotp('bob'))).json().Response.passkeys[0].id as number;
    expect((await post(`/passkeys/${bobs}/remove`, cookie)).json().Error.Number).toBe(7);
    const removed = await post(`/passkeys/${added.json().Response.passkey.id}/remove`, cookie);
    expect(removed.json().Response.passkeys.map((p: { name: string }) => p.name)).toEqual(['Clé USB']);
    const audit = (await getCall('/audit?target_type=staff', cookie)).json().Response.entries as {
      action: string;
      after: unknown;
    }[];
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['staff.passkey-add', 'staff.passkey-remove', 'staff.sign-in']),
    );
    expect(audit.find((e) => e.action === 'staff.sign-in' && e.after !== null)?.after).toMatchObject({
      factor: 'passkey',
    });
  });

  it('the last second factor is not removed (4): a member whose authenticator app is gone keeps their passkey', async () => {
    const cookie = await withTotp('bob');
    // A member whose TOTP was reset by an operator (SQL) and who signs in with the passkey alone.
    await t.database.db
      .updateTable('staff')
      .set({ totp_enrolled_at: null, totp_secret: null })
      .where('email', '=', 'bob@playz.fr')
      .execute();
    const only = (await getCall('/passkeys', cookie)).json().Response;
    expect(only.passkeys).toHaveLength(1);
    const res = await post(`/passkeys/${only.passkeys[0].id}/remove`, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
    expect((await getCall('/passkeys', cookie)).json().Response.passkeys).toHaveLength(1);
  });
});

describe('spec console §safety: removing the authenticator app (decision 109)', () => {
  beforeEach(() => {
    clock += 16 * 60_000;
  });

  /** A new member with TOTP enrolled (and its first full session), made by the admin. */
  async function newMember(who: string) {
    const created = await post('/staff', await withTotp('ana'), {
      email: `${who}@playz.fr`,
      name: who,
      roles: ['editor'],
    });
    members[who] = { email: `${who}@playz.fr`, password: created.json().Response.password, secret: '' };
    clock += 31_000;
    const first = await post('/session/password', null, { email: `${who}@playz.fr`, password: members[who]!.password });
    members[who]!.secret = first.json().Response.enrolment.secret;
    return cookieOf(
      await post('/session/second-factor', cookieOf(first), {
        code: hotp(base32Decode(members[who]!.secret), totpStep(clock)),
      }),
    );
  }
  const auditOf = (action: string, email: string) =>
    t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('actor', '=', email).execute();

  it('with a passkey the app goes, audited; then only the passkey signs in, and it is the last factor', async () => {
    const key = new SoftAuthenticator();
    const cookie = await newMember('cleo');
    expect((await registerKey(cookie, 'Portable', key)).json().Error.Number).toBe(0);
    const removed = await post('/security/totp/remove', cookie);
    expect(removed.json()).toEqual({ Response: { totp: false, passkeys: 1 }, Error: { Number: 0, Message: 'ok' } });
    expect((await getCall('/passkeys', cookie)).json().Response).toMatchObject({ totp: false });
    const audited = await auditOf('staff.totp-remove', 'cleo@playz.fr');
    expect(audited).toHaveLength(1);
    expect(JSON.parse(audited[0]!.before_json!)).toEqual({ totp: true, passkeys: 1 });
    expect(JSON.parse(audited[0]!.after_json!)).toEqual({ totp: false, passkeys: 1 });
    // Asked again: nothing changes, nothing more is written.
    expect((await post('/security/totp/remove', cookie)).json().Response).toEqual({ totp: false, passkeys: 1 });
    expect(await auditOf('staff.totp-remove', 'cleo@playz.fr')).toHaveLength(1);

    // The password step no longer enrols an app (a stolen password adds no factor of its own):
    // the passkey alone answers, and the old app's code opens nothing.
    const first = await passwordStep('cleo');
    expect(first.body).toEqual({ next: 'totp', passkeys: true, code: false });
    refused(
      await post('/session/second-factor', first.cookie, {
        code: hotp(base32Decode(members.cleo!.secret), totpStep(clock)),
      }),
    );
    const { cookie: half, options } = await signInChallenge('cleo');
    const { rpId, origin } = t.config.staffPasskeys!;
    const done = await post('/session/passkey', half, { response: key.assert(options, origin, rpId) });
    expect(done.json().Error.Number, done.body).toBe(0);
    const full = cookieOf(done);
    // The passkey is now the last factor: it stays.
    const id = (await getCall('/passkeys', full)).json().Response.passkeys[0].id as number;
    const last = await post(`/passkeys/${id}/remove`, full);
    expect(last.statusCode).toBe(403);
    expect(last.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
  });

  it('without a passkey the app is the last factor: 4, it stays, nothing is audited', async () => {
    const cookie = await newMember('dan');
    const res = await post('/security/totp/remove', cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Response: null, Error: { Number: 4 } });
    expect((await getCall('/passkeys', cookie)).json().Response).toMatchObject({ totp: true });
    expect(await auditOf('staff.totp-remove', 'dan@playz.fr')).toEqual([]);
    expect((await passwordStep('dan')).body).toEqual({ next: 'totp', passkeys: false });
  });

  it('the last passkey and the app removed at the same instant: one goes, one factor stays', async () => {
    const cookie = await newMember('eve');
    expect((await registerKey(cookie, 'Clé', new SoftAuthenticator())).json().Error.Number).toBe(0);
    const id = (await getCall('/passkeys', cookie)).json().Response.passkeys[0].id as number;
    const answers = await Promise.all([post(`/passkeys/${id}/remove`, cookie), post('/security/totp/remove', cookie)]);
    expect(answers.map((a) => a.json().Error.Number).sort()).toEqual([0, 4]);
    const row = await t.database.db
      .selectFrom('staff')
      .select('totp_enrolled_at')
      .where('email', '=', 'eve@playz.fr')
      .executeTakeFirstOrThrow();
    const keys = await t.database.db
      .selectFrom('staff_passkeys')
      .innerJoin('staff', 'staff.id', 'staff_passkeys.staff_id')
      .select('staff_passkeys.id')
      .where('staff.email', '=', 'eve@playz.fr')
      .execute();
    expect((row.totp_enrolled_at !== null ? 1 : 0) + keys.length).toBe(1);
  });

  it('no session, or a customer’s, removes nothing (11)', async () => {
    expect((await post('/security/totp/remove', null)).json().Error.Number).toBe(11);
    const customer = await logInAs(t.app, 'abonne@playz.fr');
    expect((await post('/security/totp/remove', customer)).json().Error.Number).toBe(11);
  });
});
