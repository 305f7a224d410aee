import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect';
import { openDatabase, registerAccount } from './accounts-test-support';
import { createTestApp, type TestApp } from './test-app';

// Sessions read by token are kept in memory until a session row, or a row their foreign keys
// cascade from, is written (session.repository.ts, decision 037). Writes made straight in the
// database, as an operator's SQL or another module would, must end the session at the next call.
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = openDatabase(t.config);
});
afterAll(() => t.close());

const isLogged = async (cookie: string) =>
  (await t.app.inject({ url: '/api/1.2/customer', headers: { cookie } })).json().Response.Customer.logged as boolean;
const customerIdOf = async (login: string) =>
  (await db.db.selectFrom('customers').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

describe('the session read cache never outlives its rows (sessions dead after log-out and deletion, docs/reliability.md check 3; decision 037)', () => {
  it('a device removed (its sessions cascade) logs that device out at its next call', async () => {
    const { login, cookie } = await registerAccount(t.app);
    expect(await isLogged(cookie)).toBe(true);
    expect(await isLogged(cookie)).toBe(true); // now read from the cache
    await db.db
      .deleteFrom('devices')
      .where('customer_id', '=', await customerIdOf(login))
      .execute();
    expect(await isLogged(cookie)).toBe(false);
  });

  it('an account deleted in the database (sessions cascade) is logged out at its next call', async () => {
    const { login, cookie } = await registerAccount(t.app);
    expect(await isLogged(cookie)).toBe(true);
    await db.db
      .deleteFrom('customers')
      .where('id', '=', await customerIdOf(login))
      .execute();
    expect(await isLogged(cookie)).toBe(false);
  });

  it('a session that expires meanwhile is refused though its row is cached', async () => {
    const { login, cookie } = await registerAccount(t.app);
    expect(await isLogged(cookie)).toBe(true);
    const past = new Date(Date.now() - 1000).toISOString();
    await db.db
      .updateTable('sessions')
      .set({ expires_at: past })
      .where('customer_id', '=', await customerIdOf(login))
      .execute();
    expect(await isLogged(cookie)).toBe(false);
  });
});
