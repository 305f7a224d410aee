import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/connect';
import { errorNumber, openDatabase, post } from '../accounts-test-support';
import { customerIdOf, deviceOn, storePost } from '../billing-stores-test-support';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Customers known without an account (decision 089): the Orange box's ise2 and BAchat's external
 * contract id sign a visitor's box in on the account bound to them. An identity the box merely
 * states would be a password anyone could read off a screen or a log. Pass rule: only what the
 * store confirms server to server signs in — a victim's ise2 with any other apitoken, a code BAchat
 * gave for someone else, a visitor's code used again — each 30, with no session and no account;
 * the genuine box is signed in (the control).
 */
const figures = { attempts: 0, refused: 0 };
let t: TestApp;
let db: Db;
let sandbox: string;
let ipCounter = 0;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  db = openDatabase(t.config);
  sandbox = `${t.config.publicUrl}/sandbox`;
});
afterAll(async () => {
  report('visitors known by their store identity', figures);
  await db.close();
  await t.close();
});

async function hook<T>(path: string, body: object): Promise<T> {
  const res = await fetch(`${sandbox}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
const orangeLine = async () => {
  const a = await hook<{ ise2: string; apitoken: string }>('orange-appshoptv/_test/account', {});
  return { ise2: a.ise2, apitoken: a.apitoken, param_type: 'playz_monthly' };
};
const visitorPost = (platform: string, path: string, fields: Record<string, string>) =>
  t.app.inject(post(path, { ...fields, platform }, { ip: `10.88.${++ipCounter}.1` }));

/** An attack: 30, no session token given, and the victim's account has no new session. */
async function refused(attempt: () => Promise<LightMyRequestResponse>, victimId: number | null) {
  figures.attempts += 1;
  const before = victimId === null ? 0 : await sessionsOf(victimId);
  const res = await attempt();
  expect(errorNumber(res), res.body).toBe(30);
  expect(res.headers['x-playz-token']).toBeUndefined();
  expect(res.headers['set-cookie']).toBeUndefined();
  if (victimId !== null) expect(await sessionsOf(victimId)).toBe(before);
  figures.refused += 1;
}
const sessionsOf = async (customerId: number) =>
  (await db.db.selectFrom('sessions').select('id').where('customer_id', '=', customerId).execute()).length;
const boundTo = async (kind: string, externalId: string) =>
  (
    await db.db
      .selectFrom('external_identities')
      .select('customer_id')
      .where('kind', '=', kind)
      .where('external_id', '=', externalId)
      .executeTakeFirst()
  )?.customer_id ?? null;

describe('decision 089: a visitor is signed in only on the identity its store confirms', () => {
  it('Orange: a victim’s ise2 with the attacker’s own apitoken, or a made-up one, signs nobody in', async () => {
    const victim = await orangeLine();
    const control = await visitorPost('OrangeSTB', '/billing/orange-appshoptv/save', victim);
    expect(errorNumber(control), control.body).toBe(0);
    expect(control.headers['x-playz-token']).toBeTruthy();
    const victimId = await boundTo('orange-ise2', victim.ise2);
    expect(victimId).not.toBeNull();
    const sessionsBefore = await sessionsOf(victimId!);

    const attacker = await orangeLine();
    for (const apitoken of [attacker.apitoken, 'guessed-token'])
      for (const path of ['check', 'save'])
        await refused(
          () => visitorPost('OrangeSTB', `/billing/orange-appshoptv/${path}`, { ...victim, apitoken }),
          victimId,
        );
    expect(await sessionsOf(victimId!)).toBe(sessionsBefore);
    // The attacker's own line is still only the attacker's: nothing bound to it by the attempts.
    expect(await boundTo('orange-ise2', attacker.ise2)).toBeNull();
  });

  it('BAchat: a visitor’s code used again, or a customer’s code posted by a visitor, signs nobody in', async () => {
    const contract = `EXT-SEC-${Date.now()}`;
    const { otp_code } = await hook<{ otp_code: string }>('bachat/_test/activate', {
      customerRef: 'visitor',
      sku: 'subscription_1_99',
      externalContractId: contract,
    });
    const control = await visitorPost('AndroidTV', '/billing/bachat/save', { otp_code });
    expect(errorNumber(control), control.body).toBe(0);
    const victimId = await boundTo('bachat-contract', contract);
    expect(victimId).not.toBeNull();
    // The code read off the victim's screen, replayed by another box.
    await refused(() => visitorPost('AndroidTV', '/billing/bachat/save', { otp_code }), victimId);

    // A signed-in attacker posting the visitor's code does not take the contract either.
    const signedIn = await deviceOn(t, 'AndroidTV');
    figures.attempts += 1;
    expect(errorNumber(await storePost(t, signedIn, '/billing/bachat/save', { otp_code }))).toBe(30);
    figures.refused += 1;

    // A customer's activation code posted by a visitor: no account bound to that contract.
    const customer = await deviceOn(t, 'AndroidTV');
    const theirs = `EXT-SEC-CUSTOMER-${Date.now()}`;
    const code = await hook<{ otp_code: string }>('bachat/_test/activate', {
      customerRef: String(await customerIdOf(db, customer.login)),
      sku: 'subscription_1_99',
      externalContractId: theirs,
    });
    await refused(() => visitorPost('AndroidTV', '/billing/bachat/save', code), null);
    expect(await boundTo('bachat-contract', theirs)).toBeNull();
  });
});
