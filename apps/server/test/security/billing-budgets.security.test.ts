import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorNumber, get, post, registerAccount } from '../accounts-test-support';
import { heldClock } from '../support/held-clock';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './security-support';

/**
 * Second round, open finding 2 (docs/reliability.md), decision 063: payment starts and store receipt
 * checks had no limit. 100 visitor direct-pass starts from one address for 100 lines were all made:
 * each a billing row and a transaction at the operator's gateway, which may text that line its PIN.
 * Pass rule: past each budget (address, account, line) the call answers 429 with error 4 and the
 * catalogue's message, makes no billing, and the others keep theirs.
 */
const figures = { starts: 0, refused: 0, receiptChecks: 0 };
let t: TestApp;
beforeAll(async () => {
  // Every test counts up to a budget of the hour: the app's clock stands still (support/held-clock.ts).
  t = await createTestApp({ listen: true, now: heldClock() });
});
afterAll(async () => {
  report('billing starts and receipt checks budgets', figures);
  await t.close();
});

let line = 10_000_000;
/** A mobile line nobody used yet in this file (a line has its own budget). */
const freshLine = () => `+336${(line += 1)}`;

async function startDirectPass(opts: { ip: string; msisdn?: string; cookie?: string }) {
  const res = await t.app.inject(
    get('/billing/direct-pass/url', {
      query: { product_id: '1', product_price_id: '12', operator_id: '2', msisdn: opts.msisdn ?? freshLine() },
      ip: opts.ip,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    }),
  );
  figures.starts += 1;
  if (res.statusCode === 429) figures.refused += 1;
  return res;
}

describe('payment starts (spec 3 §7 /billing/direct-pass/url)', () => {
  it('allows 100 an hour from one address, then refuses with 429 and 4; another address still starts', async () => {
    for (let i = 0; i < 100; i += 1) expect(errorNumber(await startDirectPass({ ip: '203.0.113.7' }))).toBe(0);
    const refused = await startDirectPass({ ip: '203.0.113.7' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Error).toEqual({
      Number: 4,
      Message: 'Trop de tentatives. Réessayez dans quelques minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorNumber(await startDirectPass({ ip: '203.0.113.8' }))).toBe(0);
  });

  it('allows 3 an hour for one line, whatever the address', async () => {
    const msisdn = freshLine();
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      expect(errorNumber(await startDirectPass({ ip, msisdn }))).toBe(0);
    expect((await startDirectPass({ ip: '198.51.100.4', msisdn })).statusCode).toBe(429);
    expect(errorNumber(await startDirectPass({ ip: '198.51.100.4' }))).toBe(0);
  });

  it('allows 10 an hour for one account, whatever the address and line', async () => {
    const { cookie } = await registerAccount(t.app);
    for (let i = 0; i < 10; i += 1)
      expect(errorNumber(await startDirectPass({ ip: `192.0.2.${i + 1}`, cookie }))).toBe(0);
    expect((await startDirectPass({ ip: '192.0.2.100', cookie })).statusCode).toBe(429);
  });
});

describe('store receipt checks (spec 3 §7 /billing/dummy/save)', () => {
  it('allows 20 an hour for one account, then refuses before asking the store', async () => {
    const { cookie } = await registerAccount(t.app);
    for (let i = 0; i < 20; i += 1) {
      const res = await t.app.inject(
        post('/billing/dummy/save', { receipt: randomUUID() }, { cookie, ip: '192.0.2.200' }),
      );
      figures.receiptChecks += 1;
      expect(res.statusCode).not.toBe(429);
    }
    const refused = await t.app.inject(
      post('/billing/dummy/save', { receipt: randomUUID() }, { cookie, ip: '192.0.2.201' }),
    );
    expect(refused.statusCode).toBe(429);
    expect(errorNumber(refused)).toBe(4);
  });
});
