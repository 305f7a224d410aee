import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect as KyselyDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';
import { trackTableWrites, type TableWritesListener } from './table-writes';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** Adds a listener of committed writes (read caches, lib/table-generations); returns its removal. */
  onTableWrites(listener: TableWritesListener): () => void;
  /**
   * SQLite only: a number that changes when another process (`npm run accounts`, `import`,
   * `billing`) commits to the file, which the table write tracking of this process cannot see.
   */
  externalWrites?: () => number;
}

/** Committed writes through any connection this process opened (connectDatabase). */
let writesInProcess = 0;

/** SQLite file under DATA_DIR by default; PostgreSQL when DATABASE_URL is set (ARCHITECTURE 2). */
export function connectDatabase(opts: { databaseUrl: string | null; dataDir: string }): Db {
  // Several apps may share one Db (tests' second API node): every listener hears every write.
  const listeners = new Set<TableWritesListener>();
  const tellAll: TableWritesListener = async (tables) => void (await Promise.all([...listeners].map((l) => l(tables))));
  const tracked = {
    onTableWrites(listener: TableWritesListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const tracking = (dialect: KyselyDialect) =>
    trackTableWrites(dialect, () => {
      writesInProcess++;
      return listeners.size ? tellAll : null;
    });
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover, admin kill) emits 'error' on
    // the pool; unhandled, it would crash the process. The pool replaces the connection itself.
    pool.on('error', (error) => console.error('PostgreSQL idle connection lost:', error.message));
    // A connection lost while checked out (a transaction between statements, a query in flight
    // when PostgreSQL restarts) emits 'error' on its client, where the pool no longer listens:
    // unhandled, it crashed the process (docs/reliability.md, PostgreSQL restart). The statement in flight
    // fails on its own (answer 5), and the pool drops the broken client when it is released.
    pool.on('connect', (client) =>
      client.on('error', (error) => console.error('PostgreSQL connection lost:', error.message)),
    );
    const db = new Kysely<Database>({ dialect: tracking(new PostgresDialect({ pool })) });
    return { db, dialect: 'postgres', close: () => db.destroy(), ...tracked };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = new SQLite(path.join(opts.dataDir, 'playz.sqlite'));
  // WAL lets readers go on while a write commits; foreign keys are off by default in SQLite.
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: tracking(new SqliteDialect({ database: withStatementCache(file) })) });
  const dataVersion = file.prepare('PRAGMA data_version').pluck();
  // Read once per turn of the event loop (reset at its check phase) unless a connection of this
  // process wrote since: every cached read of the requests answered in that turn compares with
  // the same number, as if they had come a few microseconds earlier. A commit by another
  // process is seen from the next turn; one by another connection of this process (a command
  // run in the tests, a second node sharing the file) at once.
  let version: number | null = null;
  let versionAfterWrites = -1;
  const forget = () => (version = null);
  const externalWrites = () => {
    if (version === null || versionAfterWrites !== writesInProcess) {
      if (version === null) setImmediate(forget);
      version = dataVersion.get() as number;
      versionAfterWrites = writesInProcess;
    }
    return version;
  };
  return { db, dialect: 'sqlite', close: () => db.destroy(), externalWrites, ...tracked };
}
