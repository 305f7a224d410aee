import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

// Decision 037 "faster where the viewer waits": SQLite statements prepared once per SQL text.

let file: SQLite.Database;
afterEach(() => {
  if (file?.open) file.close();
});

describe('decision 037 — SQLite statement cache', () => {
  it('gives back the prepared statement of a SQL text already seen, and forgets the oldest past the bound', () => {
    file = new SQLite(':memory:');
    const database = withStatementCache(file, 2);
    const first = database.prepare('SELECT 1');
    expect(database.prepare('SELECT 1')).toBe(first);
    database.prepare('SELECT 2');
    database.prepare('SELECT 3'); // 'SELECT 1' is now the least recently used of three: forgotten
    expect(database.prepare('SELECT 1')).not.toBe(first);
  });

  it('prepares a fresh statement while the kept one is still iterating', () => {
    file = new SQLite(':memory:');
    const database = withStatementCache(file);
    const text = 'SELECT value FROM json_each(json_array(1, 2, 3))';
    const kept = database.prepare(text) as SQLite.Statement;
    const rows = kept.iterate();
    rows.next();
    const other = database.prepare(text) as SQLite.Statement;
    expect(other).not.toBe(kept);
    expect(other.all()).toHaveLength(3);
    rows.return?.();
  });

  it('keeps answering right through Kysely when a migration changes the table under a kept statement', async () => {
    file = new SQLite(':memory:');
    const db = new Kysely<{ t: { a: number; b?: number } }>({
      dialect: new SqliteDialect({ database: withStatementCache(file) }),
    });
    await sql`CREATE TABLE t (a INTEGER)`.execute(db);
    await db.insertInto('t').values({ a: 1 }).execute();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ a: 1 }]);
    await sql`ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 7`.execute(db);
    await db.insertInto('t').values({ a: 2 }).execute();
    expect(await db.selectFrom('t').selectAll().orderBy('a').execute()).toEqual([
      { a: 1, b: 7 },
      { a: 2, b: 7 },
    ]);
    await db.destroy();
  });
});
