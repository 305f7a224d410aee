import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../../../apps/server/src/config';
import { prepareData } from '../../../apps/server/src/startup';
import { bigCatalogueTables, type BigSizes, type TableRows } from './big-catalogue';

/** Where a catalogue lives: a SQLite data folder, or a PostgreSQL database (with a data folder beside). */
export interface CatalogueTarget {
  dataDir: string;
  databaseUrl: string | null;
}

/** The setting that says a database holds the big catalogue, with its sizes. */
export const BIG_MARKER = 'bench.big-catalogue';

export function serverConfig(target: CatalogueTarget) {
  return loadConfig({
    NODE_ENV: 'production',
    PLAYZ_DEMO: '1',
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'silent',
    PLAYZ_SKIP_MEDIA: '1',
    PUBLIC_URL: 'http://localhost:3000',
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
}

/** Rows per transaction (SQLite) or per `unnest` statement (PostgreSQL). */
const SQLITE_BATCH = 50_000;
const POSTGRES_BATCH = 20_000;

interface BulkWriter {
  marker(): Promise<string | null>;
  write(table: TableRows, onProgress: (done: number) => void): Promise<void>;
  finish(sizes: BigSizes): Promise<void>;
  close(): Promise<void>;
}

function sqliteWriter(dataDir: string): BulkWriter {
  const file = new SQLite(path.join(dataDir, 'playz.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  return {
    async marker() {
      const row = file.prepare('SELECT value FROM settings WHERE key = ?').get(BIG_MARKER) as
        { value: string } | undefined;
      return row?.value ?? null;
    },
    async write(table, onProgress) {
      const insert = file.prepare(
        `INSERT OR IGNORE INTO ${table.table} (${table.columns.join(', ')}) VALUES (${table.columns.map(() => '?').join(', ')})`,
      );
      const batch = file.transaction((from: number, to: number) => {
        for (let i = from; i < to; i++) insert.run(...table.row(i));
      });
      for (let from = 0; from < table.count; from += SQLITE_BATCH) {
        const to = Math.min(table.count, from + SQLITE_BATCH);
        batch(from, to);
        onProgress(to);
      }
    },
    async finish(sizes) {
      file.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(BIG_MARKER, JSON.stringify(sizes));
      // The planner's statistics, as PostgreSQL's ANALYZE below (decision 100 addendum): without
      // sqlite_stat1 SQLite guesses every index's selectivity alike.
      file.exec('ANALYZE');
      file.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      file.close();
    },
  };
}

function postgresWriter(databaseUrl: string): BulkWriter {
  const client = new pg.Client({ connectionString: databaseUrl });
  const connected = client.connect();
  return {
    async marker() {
      await connected;
      const { rows } = await client.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [BIG_MARKER]);
      return rows[0]?.value ?? null;
    },
    async write(table, onProgress) {
      await connected;
      const casts = table.types.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
      const statement = `INSERT INTO ${table.table} (${table.columns.join(', ')}) SELECT * FROM unnest(${casts}) ON CONFLICT DO NOTHING`;
      for (let from = 0; from < table.count; from += POSTGRES_BATCH) {
        const to = Math.min(table.count, from + POSTGRES_BATCH);
        const columns: unknown[][] = table.columns.map(() => []);
        for (let i = from; i < to; i++) {
          const row = table.row(i);
          for (let c = 0; c < columns.length; c++) columns[c]!.push(row[c]);
        }
        await client.query(statement, columns);
        onProgress(to);
      }
    },
    async finish(sizes) {
      // Rows written with their ids leave the sequences behind: a sign-up (or an audited change)
      // would take a used id. setval of a table with no rows is given null and does nothing.
      for (const table of ['customers', 'audit_log']) {
        await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
      }
      await client.query('INSERT INTO settings (key, value) VALUES ($1, $2)', [BIG_MARKER, JSON.stringify(sizes)]);
      // What autovacuum would do within a minute of such a load: the planner's statistics.
      await client.query('ANALYZE');
    },
    async close() {
      await client.end();
    },
  };
}

/**
 * Migrates and seeds the demo data (as the server's start does), then adds the big catalogue in
 * batched transactions. A database that already holds it is left as it is. Returns what it did.
 */
export async function seedBigCatalogue(
  target: CatalogueTarget,
  sizes: BigSizes,
  options: {
    now?: Date;
    log?: (line: string) => void;
    /** Tables written after the catalogue's (the console's uploads, audit log, dead letters). */
    extraTables?: (now: Date) => TableRows[];
  } = {},
): Promise<{ seeded: boolean; seconds: number; tables: { table: string; rows: number; seconds: number }[] }> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const database = await prepareData(serverConfig(target), undefined, options.now);
  await database.close();
  const writer = target.databaseUrl ? postgresWriter(target.databaseUrl) : sqliteWriter(target.dataDir);
  const tables: { table: string; rows: number; seconds: number }[] = [];
  try {
    if (await writer.marker()) return { seeded: false, seconds: 0, tables };
    const now = options.now ?? new Date();
    for (const table of [...bigCatalogueTables(sizes, now), ...(options.extraTables?.(now) ?? [])]) {
      const tableStarted = performance.now();
      let lastLogged = 0;
      await writer.write(table, (done) => {
        if (done - lastLogged >= 500_000 || done === table.count) {
          log(`  ${table.table}: ${done.toLocaleString('en')} / ${table.count.toLocaleString('en')}`);
          lastLogged = done;
        }
      });
      tables.push({ table: table.table, rows: table.count, seconds: (performance.now() - tableStarted) / 1000 });
    }
    await writer.finish(sizes);
  } finally {
    await writer.close();
  }
  return { seeded: true, seconds: (performance.now() - started) / 1000, tables };
}
