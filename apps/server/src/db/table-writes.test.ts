import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANY_TABLE, trackTableWrites } from './table-writes';

// Decision 037: the tables each committed write changed, for its read caches.

interface Tables {
  customers: { id: number; name: string };
  subscriptions: { id: number; customer_id: number };
}

let db: Kysely<Tables>;
let heard: string[][];
beforeEach(async () => {
  heard = [];
  const dialect = new SqliteDialect({ database: new SQLite(':memory:') });
  db = new Kysely<Tables>({
    dialect: trackTableWrites(dialect, () => (tables) => void heard.push([...tables].sort())),
  });
  await sql`CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)`.execute(db);
  await sql`CREATE TABLE subscriptions (id INTEGER PRIMARY KEY, customer_id INTEGER)`.execute(db);
  heard = [];
});
afterEach(() => db.destroy());

describe('decision 037 — table writes heard by the read caches', () => {
  it('hears the table of each insert, update and delete, and nothing for a read', async () => {
    await db.insertInto('customers').values({ id: 1, name: 'Ada' }).execute();
    await db.updateTable('customers').set({ name: 'Ida' }).where('id', '=', 1).execute();
    await db.selectFrom('customers').selectAll().execute();
    await db.deleteFrom('customers').where('id', '=', 1).execute();
    expect(heard).toEqual([['customers'], ['customers'], ['customers']]);
  });

  it('counts every table a write names, a subquery’s too', async () => {
    await db.deleteFrom('subscriptions').where('customer_id', 'in', db.selectFrom('customers').select('id')).execute();
    expect(heard).toEqual([['customers', 'subscriptions']]);
  });

  it('a raw SQL write counts as every table; a raw read as none', async () => {
    await sql`INSERT INTO customers (id, name) VALUES (2, 'Bo')`.execute(db);
    await sql`SELECT * FROM customers`.execute(db);
    expect(heard).toEqual([[ANY_TABLE]]);
  });

  it('inside a transaction: told once, after COMMIT; nothing after a rollback', async () => {
    let heardBeforeCommit: string[][] = [];
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('customers').values({ id: 3, name: 'Cy' }).execute();
      await trx.insertInto('subscriptions').values({ id: 1, customer_id: 3 }).execute();
      heardBeforeCommit = [...heard];
    });
    expect(heardBeforeCommit).toEqual([]);
    expect(heard).toEqual([['customers', 'subscriptions']]);

    heard = [];
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('customers').values({ id: 4, name: 'Di' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(heard).toEqual([]);
    expect(await db.selectFrom('customers').select('id').where('id', '=', 4).execute()).toEqual([]);
  });
});
