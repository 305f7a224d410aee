import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../../../apps/server/src/app';
import { prepareData } from '../../../apps/server/src/startup';
import { writeFixtureClips } from '../../../apps/server/test/support/live-media';
import { explain, recordReads } from '../big/query-recorder';
import { seedBigCatalogue, serverConfig, type CatalogueTarget } from '../big/seed-big';
import { runLoad } from '../load';
import type { LoadSettings } from '../load-settings';
import {
  CONSOLE_EXTRAS,
  CONSOLE_SIZES,
  consoleTables,
  type ConsoleExtras,
  type ConsoleScenario,
} from './console-scale';
import { signInStaff } from './staff-sign-in';
import type { BigSizes } from '../big/big-catalogue';

export type ConsoleDialect = 'sqlite' | 'postgres';

/** One line measured: latencies are the median of the rounds' percentiles, in ms. */
export interface ConsoleLine {
  name: string;
  path: string;
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  bytes: number;
  /** Every read the line's first (cold) answer made, with its plan on this database. */
  reads: { sql: string; plan: string }[];
}

export interface ConsoleSeed {
  /** False when the seed was already on disk (or in the database) and was read as it was. */
  made: boolean;
  seconds: number;
  tables: { table: string; rows: number; seconds: number }[];
}

export interface ConsoleRun {
  dialect: ConsoleDialect;
  date: string;
  load: { start: number; end: number };
  seed: ConsoleSeed;
  lines: ConsoleLine[];
}

export interface ConsoleSettings extends LoadSettings {
  rounds: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The console's data on `target`: made once (the catalogue's generator, then the console's own
 * tables) and kept; `seed.json` beside it says how long it took, for the report of a reuse.
 */
export async function seedConsole(
  target: CatalogueTarget,
  log: (line: string) => void,
  sizes: BigSizes = CONSOLE_SIZES,
  extras: ConsoleExtras = CONSOLE_EXTRAS,
): Promise<ConsoleSeed> {
  fs.mkdirSync(target.dataDir, { recursive: true });
  const seed = () => seedBigCatalogue(target, sizes, { log, extraTables: (now) => consoleTables(sizes, extras, now) });
  let seeded: Awaited<ReturnType<typeof seed>>;
  try {
    seeded = await seed();
  } catch (error) {
    // A SQLite seed migrated by a working tree's migration that was renamed or dropped since
    // (the migrator refuses a history it does not know): made again, never half-migrated.
    if (target.databaseUrl || !(error instanceof Error) || !error.message.includes('corrupted migrations')) throw error;
    log(`Console at scale: the kept seed's migrations are not this tree's (${error.message}); seeding again`);
    fs.rmSync(target.dataDir, { recursive: true, force: true });
    fs.mkdirSync(target.dataDir, { recursive: true });
    seeded = await seed();
  }
  const file = path.join(target.dataDir, 'seed.json');
  if (seeded.seeded) {
    const made: ConsoleSeed = { made: true, seconds: seeded.seconds, tables: seeded.tables };
    fs.writeFileSync(file, JSON.stringify(made));
    return made;
  }
  const kept = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ConsoleSeed) : null;
  return { made: false, seconds: kept?.seconds ?? Number.NaN, tables: kept?.tables ?? [] };
}

/** The real server over the seeded data, in this process, on a free port. */
export async function startConsoleServer(target: CatalogueTarget) {
  const config = serverConfig(target);
  const database = await prepareData(config);
  writeFixtureClips(target.dataDir);
  const app = await buildApp(config, { database, streamSecret: 'bench-secret-bench-secret-bench-secret' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    database,
    /** A staff member signed in as the console does (password, then the TOTP code). */
    signIn: () => signInStaff(baseUrl, database),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The answer of one console call, refused unless HTTP 200 with `Error.Number` 0. */
export async function consoleAnswer(baseUrl: string, cookie: string, p: string): Promise<{ body: string }> {
  const response = await fetch(`${baseUrl}${p}`, { headers: { cookie } });
  const body = await response.text();
  const envelope = JSON.parse(body) as { Error?: { Number?: number } };
  if (response.status !== 200 || (envelope.Error && envelope.Error.Number !== 0))
    throw new Error(`${p} answered ${response.status}: ${body.slice(0, 300)}`);
  return { body };
}

/**
 * Seeds (or reuses) the console's data on one database, serves it, signs a staff member in and
 * loads each line in `rounds` rounds from a separate process (autocannon), keeping the median of
 * the rounds' p50 / p95 / p99 and the plan of every read of the line's first answer.
 */
export async function measureConsole(
  dialect: ConsoleDialect,
  target: CatalogueTarget,
  selected: ConsoleScenario[],
  settings: ConsoleSettings,
  log: (line: string) => void = console.log,
): Promise<ConsoleRun> {
  const start = os.loadavg()[0] ?? 0;
  log(`Console at scale, ${dialect}: seeding ${target.databaseUrl ?? target.dataDir} (kept for the next runs)…`);
  const seed = await seedConsole(target, log);
  log(
    seed.made
      ? `Console at scale, ${dialect}: seeded in ${seed.seconds.toFixed(0)} s`
      : `Console at scale, ${dialect}: seed reused`,
  );
  const server = await startConsoleServer(target);
  const lines: ConsoleLine[] = [];
  try {
    const cookie = await server.signIn();
    for (const scenario of selected) {
      let bytes = 0;
      const reads = await recordReads(async () => {
        bytes = Buffer.byteLength((await consoleAnswer(server.baseUrl, cookie, scenario.path)).body);
      });
      const loads = [];
      for (let round = 1; round <= settings.rounds; round++) {
        log(`Console at scale, ${dialect}: ${scenario.name}, round ${round}/${settings.rounds}…`);
        const result = await runLoad({
          url: `${server.baseUrl}${scenario.path}`,
          method: 'GET',
          headers: { cookie },
          settings,
        });
        if (result.errors || result.timeouts || result.non2xx || result.totalRequests === 0)
          throw new Error(`${dialect} ${scenario.name}: ${JSON.stringify(result)}`);
        loads.push(result);
      }
      const plans = await explain(
        target.databaseUrl
          ? { databaseUrl: target.databaseUrl }
          : { sqliteFile: path.join(target.dataDir, 'playz.sqlite') },
        reads,
      );
      lines.push({
        name: scenario.name,
        path: scenario.path,
        p50: median(loads.map((l) => l.latencyP50)),
        p95: median(loads.map((l) => l.latencyP95)),
        p99: median(loads.map((l) => l.latencyP99)),
        requestsPerSecond: median(loads.map((l) => l.requestsPerSecond)),
        requests: loads.reduce((sum, l) => sum + l.totalRequests, 0),
        bytes,
        reads: reads.map((read, i) => ({ sql: read.sql.replace(/\s+/g, ' ').trim(), plan: plans[i] ?? '' })),
      });
    }
  } finally {
    await server.close();
  }
  return { dialect, date: new Date().toISOString(), load: { start, end: os.loadavg()[0] ?? 0 }, seed, lines };
}

/** A database of that name on the PostgreSQL server of `baseUrl`, made when missing; its URL. */
export async function postgresDatabase(baseUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
