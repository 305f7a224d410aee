// Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL 15 cluster (Debian's
// package, installed when missing). An existing TEST_DATABASE_URL is used as it is.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
const port = 54000 + Math.floor(Math.random() * 900);
const dataDir = path.join(dir, 'data');
let status = 1;
try {
  asOwner(`${bin}/initdb`, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  asOwner(`${bin}/pg_ctl`, [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  console.log(`PostgreSQL test cluster on port ${port}`);
  status = run({ TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
} catch (error) {
  console.error('Could not start PostgreSQL:', error.stderr?.toString() ?? error.message);
  // The server's own log says why (a port taken, shared memory): it is removed just below.
  try {
    console.error(fs.readFileSync(path.join(dir, 'log'), 'utf8').split('\n').slice(-15).join('\n'));
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
