import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect';
import { announceWritesToApiNodes } from '../src/lib/table-generations';
import { createSecondNode, createTestApp, type TestApp } from './test-app';
import { get, post, registerAccount } from './accounts-test-support';

// Decision 037: the customer view (spec 1 §3 Customer) is read once per change and
// never served after a change, whichever process or API node made it. Runs on SQLite and, in
// the PostgreSQL stage, on PostgreSQL with the counters in Redis.

let t: TestApp;
let nodeB: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  nodeB = await createSecondNode(t);
});
afterAll(async () => {
  await nodeB.close();
  await t.close();
});

const customerOn = async (app: FastifyInstance, cookie: string) =>
  (await app.inject(get('/customer', { cookie }))).json().Response.Customer;

describe('decision 037 — cached customer view', () => {
  it('spec 1 §7 GET /customer: a write by another process (accounts, billing, import commands) shows on the next read', async () => {
    const { cookie, login } = await registerAccount(t.app);
    expect((await customerOn(t.app, cookie)).firstName).toBeNull(); // read, and now cached
    // A connection of its own, as the commands open (openDatabase would give the app's).
    const other = connectDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    const stopAnnouncing = await announceWritesToApiNodes(other, t.config.redisUrl, t.redisKeyPrefix);
    try {
      await other.db.updateTable('customers').set({ first_name: 'Camille' }).where('login', '=', login).execute();
    } finally {
      await stopAnnouncing();
      await other.close();
    }
    expect((await customerOn(t.app, cookie)).firstName).toBe('Camille');
  });

  it('spec 1 §7 POST /customer/edit/profile on node A shows at once in /data on node B', async () => {
    const { cookie, customer } = await registerAccount(t.app);
    const [first] = customer.profiles as { UUID: string }[];
    const data = async () => (await nodeB.inject(get('/data', { cookie }))).json().Response.Customer;
    expect((await data()).profiles[0].userName).not.toBe('Nouveau nom'); // node B has it cached
    const edited = await t.app.inject(
      post('/customer/edit/profile', { customer_profile_uuid: first!.UUID, username: 'Nouveau nom' }, { cookie }),
    );
    expect(edited.json().Error.Number).toBe(0);
    expect((await data()).profiles[0].userName).toBe('Nouveau nom');
  });

  it('spec 1 §3 currentProfileIndex follows the session, not the cached rows', async () => {
    const { cookie } = await registerAccount(t.app);
    const kid = (
      await t.app.inject(post('/customer/edit/profile', { username: 'Léo', is_kids: '1' }, { cookie }))
    ).json().Response.Profile;
    expect((await customerOn(nodeB, cookie)).currentProfileIndex).toBe(0);
    await t.app.inject(post('/customer/profile/switch', { customer_profile_uuid: kid.UUID }, { cookie }));
    expect((await customerOn(nodeB, cookie)).currentProfileIndex).toBe(1);
  });
});
