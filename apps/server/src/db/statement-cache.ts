import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; `IN (…)` lists of every length make new texts. */
const DEFAULT_MAX_STATEMENTS = 1_000;

/**
 * The SQLite database as Kysely sees it, with its prepared statements kept by SQL text.
 * Kysely's SQLite driver calls `prepare` for every query it runs, and compiling the SQL was the
 * largest single cost of a logged `/data` (12 % of its CPU, decision 037). A statement runs to the
 * end synchronously (`all`/`run`), so one statement is never in use twice at once; a statement
 * still iterating (`busy`, Kysely's `stream()`) is left alone and a fresh one is prepared.
 * SQLite re-prepares a kept statement by itself when a migration changes the schema.
 */
export function withStatementCache(file: SQLite.Database, max = DEFAULT_MAX_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Least recently used last out: re-inserting moves the entry to the end.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = file.prepare(sql);
      if (!kept) {
        statements.set(sql, statement);
        if (statements.size > max) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
    close() {
      statements.clear();
      file.close();
    },
  };
}
