import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBenchmarkSection } from '../docs-section';
import {
  measureConsole,
  postgresDatabase,
  type ConsoleDialect,
  type ConsoleRun,
  type ConsoleSettings,
} from './console-measure';
import { formatConsoleSection } from './console-report';
import { CONSOLE_SCALE_HEADING, type ConsoleScenario } from './console-scale';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where the SQLite seed is kept between runs, as data/bench keeps the player's media. */
export const CONSOLE_DATA_DIR = path.join(ROOT, 'data', 'bench-console');
const POSTGRES_BIN = '/usr/lib/postgresql/15/bin/initdb';
const CHILD = fileURLToPath(new URL('./console-postgres.ts', import.meta.url));

/**
 * The console's load per line (decision 117): a few staff at once, not the viewers' crowd — at most
 * 4 connections and 5 s measured per round, the run's warm-up and rounds.
 */
export function consoleSettings(run: {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  rounds: number;
}): ConsoleSettings {
  return {
    connections: Math.min(run.connections, 4),
    warmupSeconds: run.warmupSeconds,
    durationSeconds: Math.min(run.durationSeconds, 5),
    rounds: run.rounds,
  };
}

/**
 * PostgreSQL's run: in this process on DATABASE_URL / TEST_DATABASE_URL when one is given (its
 * database playz_console keeps the seed), else in a child under scripts/with-postgres.mjs (a
 * throwaway cluster: seeded on each run) when PostgreSQL 15 is installed.
 */
async function measurePostgres(
  selected: ConsoleScenario[],
  settings: ConsoleSettings,
): Promise<ConsoleRun | { missing: string }> {
  const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    const target = {
      dataDir: path.join(CONSOLE_DATA_DIR, 'postgres'),
      databaseUrl: await postgresDatabase(url, 'playz_console'),
    };
    return measureConsole('postgres', target, selected, settings);
  }
  if (!fs.existsSync(POSTGRES_BIN)) return { missing: `no PostgreSQL 15 at ${POSTGRES_BIN}, no DATABASE_URL` };
  const out = path.join(os.tmpdir(), `playz-console-pg-${process.pid}.json`);
  const child = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'scripts', 'with-postgres.mjs'),
      process.execPath,
      '--import',
      'tsx',
      CHILD,
      out,
      JSON.stringify({ names: selected.map((s) => s.name), settings }),
    ],
    { stdio: 'inherit', cwd: ROOT },
  );
  if (child.status !== 0 || !fs.existsSync(out))
    return { missing: `its run under with-postgres exited with ${child.status}` };
  const run = JSON.parse(fs.readFileSync(out, 'utf8')) as ConsoleRun;
  fs.rmSync(out, { force: true });
  return run;
}

/**
 * `npm run bench`'s console group: the selected lines on SQLite, then on PostgreSQL, written to
 * docs/benchmarks.md's `## Console at scale` (after `## Web bundle`: the run's rewrite keeps it).
 */
export async function runConsoleScale(
  selected: ConsoleScenario[],
  run: { connections: number; warmupSeconds: number; durationSeconds: number; rounds: number },
  command: string,
): Promise<void> {
  if (selected.length === 0) return;
  const settings = consoleSettings(run);
  const runs: ConsoleRun[] = [];
  const missing: Partial<Record<ConsoleDialect, string>> = {};
  const sqlite = { dataDir: path.join(CONSOLE_DATA_DIR, 'sqlite'), databaseUrl: null };
  runs.push(await measureConsole('sqlite', sqlite, selected, settings));
  const postgres = await measurePostgres(selected, settings);
  if ('missing' in postgres) missing.postgres = postgres.missing;
  else runs.push(postgres);
  const section = formatConsoleSection({
    command,
    settings,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'}, ${os.availableParallelism()} cores available`,
    scenarios: selected,
    runs,
    missing,
  });
  console.log(`\n${section.split('\n### ')[0]}`);
  writeBenchmarkSection(CONSOLE_SCALE_HEADING, section);
}
