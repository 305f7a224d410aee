// `npm run test:e2e`: the journeys in two groups at once (e2e/support/journey-groups.ts), each
// against its own server, data folder, database and port, so one group's accounts, device leases
// and per-address limits never touch the other's. Most journeys wait on the clock, not the CPU:
// on CI's 2 cores two groups take about 440 s where one took 700 s. The web and TV builds and the
// demo media are made once, here, before both start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { ensureProjectNode } from './node-runtime.mjs';

// Node 24 for this script and every child it starts (decision 053).
await ensureProjectNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GROUPS = ['a', 'b'];
/** The builds, the media and the groups' folders (E2E_DATA_DIR: a checkout or helper of its own). */
const e2eRoot = process.env.E2E_DATA_DIR ? path.resolve(process.env.E2E_DATA_DIR) : path.join(root, 'data/e2e');

/** Runs a command to its end; its output goes to `log` lines (prefixed) or straight through. */
function run(command, args, { cwd = root, env = process.env, log } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['ignore', log ? 'pipe' : 'inherit', log ? 'pipe' : 'inherit'],
    });
    if (log) {
      child.stdout.on('data', log);
      child.stderr.on('data', log);
    }
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Gives `dataDir` the shared media: clips by link, art copied (each server rewrites its channel logos at start). */
function linkSharedMedia(dataDir) {
  const media = path.join(dataDir, 'media');
  // rm does not follow the links: the shared files stay.
  fs.rmSync(media, { recursive: true, force: true });
  fs.mkdirSync(media, { recursive: true });
  for (const entry of fs.readdirSync(path.join(e2eRoot, 'media'))) {
    const shared = path.join(e2eRoot, 'media', entry);
    // live/: a Stream channel's encoder output; each server's own, so "live" means its own encoder runs.
    if (entry === 'live') continue;
    if (entry === 'art') fs.cpSync(shared, path.join(media, entry), { recursive: true });
    else fs.symlinkSync(shared, path.join(media, entry));
  }
  // The same content keys as the encrypted clips they open.
  fs.rmSync(path.join(dataDir, 'drm'), { recursive: true, force: true });
  fs.cpSync(path.join(e2eRoot, 'drm'), path.join(dataDir, 'drm'), { recursive: true });
}

/** Streams a group's output into the CI log, each line prefixed, and into its own file. */
function groupOutput(group, file) {
  const out = fs.createWriteStream(file);
  let partial = '';
  const write = (chunk) => {
    out.write(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop();
    for (const line of lines) process.stdout.write(`[${group}] ${line}\n`);
  };
  write.end = () => {
    if (partial) process.stdout.write(`[${group}] ${partial}\n`);
    out.end();
  };
  return write;
}

/** Vitest's failed tests and errors in a group's log, colours stripped, each line once, at most `maxLines`. */
function failureExcerpt(logFile, maxLines = 80) {
  if (!fs.existsSync(logFile)) return '(no output file)';
  const lines = stripVTControlCharacters(fs.readFileSync(logFile, 'utf8')).split('\n');
  const failedTests = lines.filter((l) => /^\s*(×|✗)\s/.test(l));
  // Vitest's closing sections: the failed tests' errors, and errors outside any test.
  const detailsAt = lines.findIndex((l) => /(Failed Tests? \d+|Unhandled Errors?)/.test(l));
  const details = detailsAt >= 0 ? lines.slice(detailsAt) : lines.slice(-40);
  return [...new Set([...failedTests, '', ...details])].slice(0, maxLines).join('\n');
}

/**
 * The tests of a group that failed at least one attempt: the failure hooks write one
 * `<journey>-<test>-server.txt` per failed attempt's test (e2e/support/failure-report.ts), in a
 * folder the global setup empties. In a group that passed, each passed on its second attempt.
 */
function failedAttempts(group) {
  const dir = path.join(root, 'e2e/screenshots', `failures-${group}`);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('-server.txt'))
    .map((f) => f.slice(0, -'-server.txt'.length));
}

async function main() {
  const started = Date.now();
  if ((await run('node', ['scripts/ensure-chromium.mjs'])) !== 0) return 1;
  fs.mkdirSync(e2eRoot, { recursive: true });
  // The three builds (web, TV, console) and the media at once: bundling and ffmpeg (first run on a clean clone: 2-3 minutes).
  const prepared = await Promise.all([
    ...['web', 'tv', 'admin'].map((app) =>
      run('npx', ['vite', 'build', '--outDir', path.join(e2eRoot, app), '--emptyOutDir', '--logLevel', 'warn'], {
        cwd: path.join(root, 'apps', app),
        // The TV journeys emulate a Samsung TV with ?platform=Tizen (decision 036; off in real builds).
        // Production React whatever the caller's NODE_ENV (e2e/support/global-setup.ts says why).
        env: { ...process.env, NODE_ENV: 'production', VITE_PLATFORM_EMULATION: '1' },
      }),
    ),
    run('node', ['--import', 'tsx', 'apps/server/src/cli/prepare-media.ts'], {
      env: { ...process.env, DATA_DIR: e2eRoot, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    }),
  ]);
  if (prepared.some((code) => code !== 0)) {
    console.error('e2e: the web, TV or console build or the demo media failed (above)');
    return 1;
  }
  console.log(
    `e2e: builds and media ready in ${Math.round((Date.now() - started) / 1000)} s; groups ${GROUPS.join(', ')} start`,
  );

  const results = await Promise.all(
    GROUPS.map(async (group) => {
      const dataDir = path.join(e2eRoot, `group-${group}`);
      fs.mkdirSync(dataDir, { recursive: true });
      linkSharedMedia(dataDir);
      const logFile = path.join(dataDir, 'vitest.log');
      const log = groupOutput(group, logFile);
      const code = await run('npx', ['vitest', 'run', '--config', 'vitest.config.ts'], {
        cwd: path.join(root, 'e2e'),
        env: { ...process.env, E2E_GROUP: group, E2E_DATA_DIR: dataDir, E2E_PREBUILT_DIR: e2eRoot },
        log,
      });
      log.end();
      return { group, code, logFile, serverLog: path.join(dataDir, 'server.log') };
    }),
  );
  console.log(`\ne2e: ${Math.round((Date.now() - started) / 1000)} s`);
  for (const r of results) {
    const failures = path.join(root, 'e2e/screenshots', `failures-${r.group}`);
    console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'} group ${r.group}: output ${r.logFile}, server log ${r.serverLog}`);
    if (r.code !== 0 && fs.existsSync(failures)) console.log(`     failure reports: ${failures}`);
  }
  for (const r of results) {
    const retried = failedAttempts(r.group);
    if (!retried.length) continue;
    const title =
      r.code === 0 ? 'passed on a second attempt' : 'failed at least once (vitest lists below those that failed twice)';
    console.log(`\n=== group ${r.group}: ${title} ===\n${retried.join('\n')}`);
  }
  // CI keeps only the end of the output: repeat each failed group's failures where they will be read.
  for (const r of results.filter((r) => r.code !== 0)) {
    console.log(`\n=== group ${r.group}: what failed ===\n${failureExcerpt(r.logFile)}`);
  }
  return results.every((r) => r.code === 0) ? 0 : 1;
}

process.exit(await main());
