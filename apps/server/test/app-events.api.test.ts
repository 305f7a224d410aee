import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, openDatabase, registerAccount } from './accounts-test-support';
import { redisForTests } from './support/redis-server';
import { createSecondNode, createTestApp, type TestApp } from './test-app';

// Decision 054: modules tell each other through the typed event map (plugins/events.plugin.ts).
// `session.ended` stays on the node that ended the sessions; `subscription.changed` reaches every
// API node through Redis, each node hearing it once.

/** The account's row id, which the events carry (the API names customers by their CUID). */
async function customerIdOf(t: TestApp, login: string): Promise<number> {
  const row = await openDatabase(t.config)
    .db.selectFrom('customers')
    .select('id')
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('session.ended (spec 1 §7 /customer/logout)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is told with the account when a session logs out; a failing listener does not fail the log-out', async () => {
    const heard: unknown[] = [];
    t.app.events.on('session.ended', () => {
      throw new Error('a listener that fails');
    });
    t.app.events.on('session.ended', (scope) => void heard.push(scope));
    const { cookie, login } = await registerAccount(t.app);
    const res = await t.app.inject(get('/customer/logout', { cookie }));
    expect(res.json().Error.Number).toBe(0);
    expect(heard).toEqual([{ customerId: await customerIdOf(t, login) }]);
  });
});

describe('subscription.changed (spec 3 §4: a payment changes what the customer may watch)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(() => t.close());

  it('is told with the customer once the operator payment is applied', async () => {
    const heard: number[] = [];
    t.app.events.on('subscription.changed', ({ customerId }) => void heard.push(customerId));
    const account = await registerAccount(t.app);
    const started = await t.app.inject(
      get('/billing/direct-pass/url', {
        query: { product_id: '1', product_price_id: '12', operator_id: '2', msisdn: '+33612345687' },
        cookie: account.cookie,
      }),
    );
    const { Url } = started.json().Response;
    await fetch(Url, { method: 'POST', body: new URLSearchParams({ action: 'confirm' }), redirect: 'manual' });
    const customerId = await customerIdOf(t, account.login);
    await expect.poll(() => heard).toContain(customerId);
    expect(new Set(heard)).toEqual(new Set([customerId]));
  });
});

describe('subscription.changed across API nodes (ARCHITECTURE decision 2)', () => {
  let redis: Awaited<ReturnType<typeof redisForTests>>;
  beforeAll(async () => {
    redis = await redisForTests();
  });
  afterAll(() => redis.stop());

  it('reaches the other node through Redis, and each node hears it once', async () => {
    const first = await createTestApp({
      env: { REDIS_URL: redis.url },
      redisKeyPrefix: `playz-events-${randomBytes(6).toString('hex')}:`,
    });
    const second = await createSecondNode(first);
    try {
      const heard = { first: [] as number[], second: [] as number[] };
      first.app.events.on('subscription.changed', ({ customerId }) => void heard.first.push(customerId));
      second.events.on('subscription.changed', ({ customerId }) => void heard.second.push(customerId));
      await first.app.events.emit('subscription.changed', { customerId: 42 });
      expect(heard.first).toEqual([42]);
      await expect.poll(() => heard.second).toEqual([42]);
      // A later event arrives after the first: nothing was heard twice meanwhile.
      await second.events.emit('subscription.changed', { customerId: 43 });
      await expect.poll(() => heard.first).toEqual([42, 43]);
      expect(heard.second).toEqual([42, 43]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
