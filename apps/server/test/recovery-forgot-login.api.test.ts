import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect';
import { holdableClock } from './support/held-clock';
import { readOutbox } from './support/outbox';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
/** The attempt limits count in windows of the clock: the tests that count up to one hold it still. */
const clock = holdableClock();
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

afterEach(() => clock.release());

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  // The demo accounts have no phone; give one a number as the edit call would store it.
  const database = connectDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
  await database.db
    .updateTable('customers')
    .set({ phone_number: '0612345678' })
    .where('login', '=', 'abonne@playz.fr')
    .execute();
  await database.db
    .updateTable('customers')
    .set({ phone_number: '0698765432', locale: 'es' })
    .where('login', '=', 'demo@playz.fr')
    .execute();
  await database.close();
});
afterAll(() => t.close());

const forgotLogin = (query: Record<string, string>, ip = freshIp()) =>
  t.app.inject({
    method: 'GET',
    url: `/api/1.2/customer/forgot-login?${new URLSearchParams(query)}`,
    headers: { 'x-forwarded-for': ip },
  });

describe('GET /customer/forgot-login (spec 1 §7, §5, §8; decision 011)', () => {
  it('answers Result true and sends the login by SMS to that number with the operator', async () => {
    const res = await forgotLogin({ msisdn: '06 12 34 56 78', operator_id: '2' });
    expect(res.json()).toEqual({ Response: { Result: true }, Error: { Number: 0, Message: 'ok' } });
    const [sms] = await readOutbox(t.config.dataDir, 'sms', { to: '0612345678', atLeast: 1 });
    expect(sms).toMatchObject({ to: '0612345678', operatorId: 2 });
    expect(sms?.text).toBe('Playz : votre identifiant de connexion est abonne@playz.fr');
  });

  it('writes the SMS in the customer language', async () => {
    await forgotLogin({ msisdn: '+33698765432', operator_id: '4' });
    const [sms] = await readOutbox(t.config.dataDir, 'sms', { to: '0698765432', atLeast: 1 });
    expect(sms?.text).toBe('Playz: tu identificador es demo@playz.fr');
  });

  it('answers Result false for a number no account has, and sends nothing', async () => {
    const before = (await readOutbox(t.config.dataDir, 'sms')).length;
    const res = await forgotLogin({ msisdn: '0700000000', operator_id: '1' });
    expect(res.json()).toEqual({ Response: { Result: false }, Error: { Number: 0, Message: 'ok' } });
    expect((await readOutbox(t.config.dataDir, 'sms')).length).toBe(before);
  });

  it.each<[Record<string, string>, number, string]>([
    [{ msisdn: '0112345678', operator_id: '1' }, 3, 'a landline is not a mobile'],
    [{ msisdn: '12345', operator_id: '1' }, 3, 'not a French number'],
    [{ msisdn: '0612345678', operator_id: '0' }, 2, 'no operator chosen'],
    [{ msisdn: '0612345678' }, 2, 'operator missing'],
    [{ operator_id: '1' }, 2, 'number missing'],
    [{ msisdn: '0612345678', operator_id: '9' }, 3, 'operator outside the dropdown'],
  ])('rejects %j with %i (%s)', async (query, number) => {
    expect((await forgotLogin(query)).json().Error.Number).toBe(number);
  });

  it('stops a flood per number and per caller address with HTTP 429', async () => {
    clock.hold();
    const perNumber = [];
    for (let i = 0; i < 4; i += 1)
      perNumber.push((await forgotLogin({ msisdn: '0711111111', operator_id: '3' })).statusCode);
    expect(perNumber).toEqual([200, 200, 200, 429]);
    const ip = freshIp();
    const perAddress = [];
    for (let i = 0; i < 6; i += 1) {
      perAddress.push((await forgotLogin({ msisdn: `07222222${10 + i}`, operator_id: '3' }, ip)).statusCode);
    }
    expect(perAddress).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await forgotLogin({ msisdn: '0733333333', operator_id: '3' }, ip);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().Error.Message).toBe('Trop de tentatives. Réessayez dans quelques minutes.');
  });
});
