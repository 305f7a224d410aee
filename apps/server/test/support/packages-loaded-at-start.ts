/**
 * Run as its own Node process by idle-packages.api.test.ts: builds the API as `npm start` does
 * (production, SQLite, the demo data, no Redis, no SMTP) and prints, as one JSON line, every
 * package directory under node_modules that was loaded until it listened.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerHooks } from 'node:module';

const loaded = new Set<string>();
registerHooks({
  load(url, context, nextLoad) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match) loaded.add(match[1]!);
    return nextLoad(url, context);
  },
});

const { buildApp } = await import('../../src/app');
const { loadConfig } = await import('../../src/config');
const { prepareData } = await import('../../src/startup');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-idle-'));
const config = loadConfig({
  NODE_ENV: 'production',
  PLAYZ_DEMO: '1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PLAYZ_SKIP_MEDIA: '1',
  PUBLIC_URL: 'http://localhost:3000',
});
const database = await prepareData(config);
const app = await buildApp(config, { database, streamSecret: 'idle-secret-idle-secret-idle-secret' });
await app.listen({ port: 0, host: '127.0.0.1' });
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify([...loaded].sort()));
