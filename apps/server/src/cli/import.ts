// `npm run import -- video|xmltv|m3u ...`: the operator loads real content (README
// "Loading a catalogue"). Runs against the same DATA_DIR / DATABASE_URL as the server; a running
// server picks the change up within seconds (catalogue version, decision 013).
import path from 'node:path';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { announceWritesToApiNodes } from '../lib/table-generations';
import { migrateToLatest } from '../db/migrate';
import { IMPORT_USAGE, ImportUsageError, runImport } from '../modules/catalogue/import-command';

async function main(argv: string[]): Promise<number> {
  if (!argv.length || argv[0] === '--help') {
    console.log(IMPORT_USAGE);
    return argv.length ? 0 : 1;
  }
  const config = loadConfig();
  const database = connectDatabase(config);
  // The API nodes' read caches hear of the imported rows (decision 037).
  const stopAnnouncing = await announceWritesToApiNodes(database, config.redisUrl);
  try {
    await migrateToLatest(database);
    const summary = await runImport(database, path.join(config.dataDir, 'media'), argv, {
      ffmpegPath: config.ffmpegPath,
      log: (line) => console.log(line),
    });
    console.log(summary);
    return 0;
  } catch (error) {
    if (error instanceof ImportUsageError) {
      console.error(`${error.message}\n\n${IMPORT_USAGE}`);
      return 2;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await stopAnnouncing();
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
