import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureConsole, postgresDatabase, type ConsoleSettings } from './console-measure';
import { CONSOLE_SIZES, consoleScenarios } from './console-scale';

/**
 * The console at scale on PostgreSQL, run by console-run.ts under scripts/with-postgres.mjs (its
 * TEST_DATABASE_URL is a throwaway cluster): `<out.json> <{"names", "settings"}>`; writes the run.
 */
const [out, args] = process.argv.slice(2);
const { names, settings } = JSON.parse(args ?? '{}') as { names: string[]; settings: ConsoleSettings };
const root = fileURLToPath(new URL('../../../', import.meta.url));

async function main() {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!out || !url) throw new Error('usage: console-postgres.ts <out.json> <settings> with TEST_DATABASE_URL');
  const dataDir = path.join(root, 'data', 'bench-console', 'postgres');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const target = { dataDir, databaseUrl: await postgresDatabase(url, 'playz_console') };
  const selected = consoleScenarios(CONSOLE_SIZES).filter((s) => names.includes(s.name));
  const run = await measureConsole('postgres', target, selected, settings);
  fs.writeFileSync(out, JSON.stringify(run));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
