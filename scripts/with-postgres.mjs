// Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL 15 cluster (Debian's
// package, installed when missing). An existing TEST_DATABASE_URL is used as it is.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureSystemPackages } from './system-deps.mjs';
import { ensureProjectNode } from './node-runtime.mjs';

// Node 24 for this script and every child it starts (decision 053).
await ensureProjectNode();

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function run(env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

if (process.env.TEST_DATABASE_URL) process.exit(run({}));
if (!ensureSystemPackages(['postgres'])) process.exit(1);

const bin = '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;
// PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
const asOwner = (file, argv) =>
  isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...argv], { stdio: 'pipe' })
    : execFileSync(file, argv, { stdio: 'pipe' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-pg-'));
if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
const dataDir = path.join(dir, 'data');
const logFile = path.join(dir, 'log');

// Ports below Linux's ephemeral range (32768-60999): a port picked inside it can be held by any
// process's outgoing connection, which once made a CI stage fail with "Address already in use".
const PORT_FLOOR = 20_000;
const PORT_SPAN = 12_000;
const START_ATTEMPTS = 5;

/** Whether 127.0.0.1:port can be listened on right now (the server still retries if it is taken meanwhile). */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Starts the cluster on a free port, trying another one when the port was taken between probe and start. */
async function startOnFreePort() {
  for (let attempt = 1; ; attempt += 1) {
    let port = PORT_FLOOR + Math.floor(Math.random() * PORT_SPAN);
    while (!(await portIsFree(port))) port = PORT_FLOOR + Math.floor(Math.random() * PORT_SPAN);
    try {
      asOwner(`${bin}/pg_ctl`, [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]);
      return port;
    } catch (error) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      if (attempt >= START_ATTEMPTS || !log.includes('Address already in use')) throw error;
      console.error(`PostgreSQL: port ${port} was taken, trying another`);
      fs.rmSync(logFile, { force: true });
    }
  }
}

let status = 1;
try {
  asOwner(`${bin}/initdb`, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await startOnFreePort();
  console.log(`PostgreSQL test cluster on port ${port}`);
  status = run({ TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
} catch (error) {
  console.error('Could not start PostgreSQL:', error.stderr?.toString() ?? error.message);
  // The server's own log says why (a port taken, shared memory): it is removed just below.
  try {
    console.error(fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n'));
  } catch {
    // no log written
  }
} finally {
  try {
    asOwner(`${bin}/pg_ctl`, ['-D', dataDir, '-m', 'immediate', 'stop']);
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
