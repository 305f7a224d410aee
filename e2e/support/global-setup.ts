import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startProviderSandbox, type ProviderSandbox } from '@playz/provider-sandbox';
import { journeysOfGroup, needsLiveIngest, parseJourneyGroup } from './journey-groups';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** First start generates the demo media: allow for it; later starts take seconds. */
const READY_TIMEOUT_MS = 10 * 60 * 1000;

let server: ChildProcess | null = null;
let sandbox: ProviderSandbox | null = null;

/**
 * Starts the service the way a newcomer does (`scripts/start.mjs`), on its own port and data
 * folder. The database is new for every run; the generated media is kept between runs.
 */
export default async function setup(project: TestProject) {
  // Two groups start their servers at the same moment (scripts/e2e.mjs): a free port, not a random one.
  const port = await freePort();
  // E2E_DATA_DIR lets a second checkout or a helper keep its own database and outbox; each group
  // of scripts/e2e.mjs has its own.
  const dataDir = process.env.E2E_DATA_DIR ? path.resolve(process.env.E2E_DATA_DIR) : path.join(root, 'data/e2e');
  const group = parseJourneyGroup(process.env.E2E_GROUP);
  fs.mkdirSync(dataDir, { recursive: true });
  for (const f of fs.readdirSync(dataDir)) if (f.startsWith('playz.sqlite')) fs.rmSync(path.join(dataDir, f));
  // The journeys read mail from the outbox files: start each run with an empty one.
  fs.rmSync(path.join(dataDir, 'outbox'), { recursive: true, force: true });
  // Failure reports (support/failure-report.ts) are this run's only, each group's in its own folder.
  const failureDir = path.join(root, 'e2e/screenshots', group ? `failures-${group}` : 'failures');
  fs.rmSync(failureDir, { recursive: true, force: true });
  // Social sign-on providers on a free port; the production server only uses them when told.
  sandbox = await startProviderSandbox({ port: 0 });
  const baseUrl = `http://localhost:${port}`;
  // The web app from the sources as they are now, in this run's own folder: apps/web/dist is
  // rebuilt by anyone's `npm start` in the checkout, which would swap the chunks under this run.
  // E2E_PREBUILT_DIR: scripts/e2e.mjs built both apps there once for its two groups.
  const builtDir = process.env.E2E_PREBUILT_DIR ? path.resolve(process.env.E2E_PREBUILT_DIR) : null;
  const webDistDir = path.join(builtDir ?? dataDir, 'web');
  const tvDistDir = path.join(builtDir ?? dataDir, 'tv');
  const adminDistDir = path.join(builtDir ?? dataDir, 'admin');
  const builds: [app: string, outDir: string][] = [
    ['web', webDistDir],
    ['tv', tvDistDir],
    ['admin', adminDistDir],
  ];
  // Both at once: each build waits on its own disk and bundler work (CI's 30 minutes, 2 cores).
  if (!builtDir) await Promise.all(builds.map(([app, outDir]) => viteBuild(path.join(root, 'apps', app), outDir, app)));
  server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      TV_DIST_DIR: tvDistDir,
      ADMIN_DIST_DIR: adminDistDir,
      PUBLIC_URL: baseUrl,
      // Every request with its status lands in the log file below (E2E_LOG_LEVEL to change it):
      // a journey that failed on a refusal (429, 403) is explained there and in its failure report.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
      DATABASE_URL: '',
      SSO_SANDBOX_URL: sandbox.url,
      // The whole product, Stream channels' encoder included (vitest itself runs as NODE_ENV=test),
      // except in a group without the journeys that play it: the encoder costs CPU the other needs.
      LIVE_INGEST: group && !needsLiveIngest(journeysOfGroup(group)) ? '0' : '1',
      // Each browser context says it is its own viewer (support/browser.ts): per-address limits
      // count every journey apart, as they would for viewers at home, not all of CI as one.
      TRUSTED_PROXIES: '127.0.0.1,::1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's whole output, kept for after the run (the console only shows it if it never starts).
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.createWriteStream(logFile);
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready after ${READY_TIMEOUT_MS} ms:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Playz is ready on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server!.stdout!.on('data', onData);
    server!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server!.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('serverLog', logFile);
  project.provide('failureDir', failureDir);
  return async () => {
    server?.kill('SIGTERM');
    await sandbox?.close();
    console.log(`e2e server log${group ? ` (group ${group})` : ''}: ${logFile}`);
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The server's output of this run (pino JSON lines). */
    serverLog: string;
    /** Where failing journeys leave their screenshots and text (support/failure-report.ts). */
    failureDir: string;
  }
}

function viteBuild(appDir: string, outDir: string, app: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: appDir,
      stdio: 'inherit',
      // The TV journeys emulate a Samsung TV with ?platform=Tizen (decision 036; off in real builds).
      // A production build, as CI's and `npm start`'s: vitest runs this setup as NODE_ENV=test, which
      // Vite would pass on to React (its development build, StrictMode mounting every page twice).
      env: { ...process.env, NODE_ENV: 'production', VITE_PLATFORM_EMULATION: '1' },
    });
    build.on('error', reject);
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the ${app} app did not build`))));
  });
}
