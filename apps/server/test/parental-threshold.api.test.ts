import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logInAs, type TestApp } from './test-app';
import { errorNumber, get, post } from './accounts-test-support';

// The account's parental threshold and the proof a right parental code gives for one content
// (spec 1 §6 "a parental code protects content", decision 059); wrong codes stay limited.

const NOW = new Date('2026-11-22T20:00:00Z');
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  cookie = await logInAs(t.app, 'abonne@playz.fr');
  expect(errorNumber(await t.app.inject(post('/customer/edit', { parentalCode: '2468' }, { cookie })))).toBe(0);
});
afterAll(() => t.close());

const customer = async () => (await t.app.inject(get('/customer', { cookie }))).json().Response.Customer;
const setThreshold = (value: string, extra: Record<string, string> = {}) =>
  t.app.inject(post('/customer/edit', { parental_threshold: value, ...extra }, { cookie }));
const check = (code: string, fields: Record<string, string> = {}, as = cookie) =>
  t.app.inject(post('/customer/parental-code/check', { code, ...fields }, { cookie: as }));

describe('the account’s parental threshold (spec 1 §6, decision 059)', () => {
  it('spec 1 §3 Customer: -16 until the account chooses', async () => {
    expect((await customer()).parentalThreshold).toBe(16);
  });

  it('spec 1 §7 /customer/edit parental_threshold: asking more often is free, less often needs the code, off the scale is 3', async () => {
    for (const value of ['14', '0', '-16', 'x']) expect(errorNumber(await setThreshold(value)), value).toBe(3);
    expect((await setThreshold('12')).json().Response.Customer.parentalThreshold).toBe(12);
    expect(errorNumber(await setThreshold('18'))).toBe(4);
    expect(errorNumber(await setThreshold('18', { currentParentalCode: '0000' }))).toBe(4);
    expect((await customer()).parentalThreshold).toBe(12);
    expect((await setThreshold('18', { currentParentalCode: '2468' })).json().Response.Customer.parentalThreshold).toBe(
      18,
    );
    expect((await setThreshold('10')).json().Response.Customer.parentalThreshold).toBe(10);
  });
});

describe('the proof of the parental code (spec 1 §6, decision 059)', () => {
  it('spec 1 §7 /customer/parental-code/check content_id: a right code answers a proof of that content for four hours', async () => {
    expect((await check('0000', { content_id: '1011' })).json().Response).toEqual({ Valid: false });
    expect((await check('2468')).json().Response).toEqual({ Valid: true });
    const { Valid, ParentalProof } = (await check('2468', { content_id: '1011' })).json().Response;
    expect(Valid).toBe(true);
    expect(ParentalProof.proof).toMatch(/^1011\.\d+\.[\w-]{43}$/);
    expect(ParentalProof.expiresAt).toBe('2026-11-23T00:00:00.000Z');
    expect(errorNumber(await check('2468', { content_id: 'abc' }))).toBe(3);
  });

  it('answers no proof to an account without a parental code', async () => {
    const other = await logInAs(t.app, 'demo@playz.fr');
    expect((await check('2468', { content_id: '1011' }, other)).json().Response).toEqual({ Valid: false });
  });

  it('keeps the lockout: past five wrong codes even the right one is refused, with no proof (HTTP 429)', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await check('1111', { content_id: '1011' })).json().Response.Valid).toBe(false);
    const locked = await check('2468', { content_id: '1011' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().Error.Number).toBe(4);
    expect(locked.json().Response).toBeNull();
  });
});
