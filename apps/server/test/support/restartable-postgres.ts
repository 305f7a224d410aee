import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../src/config';
import { freePort } from '../test-app';

const BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);

/**
 * A PostgreSQL 15 cluster of the test's own (Debian's binaries, as scripts/with-postgres.mjs
 * starts the shared one), so a test can stop it the way a crash does and start it again on the
 * same port and data without disturbing the other test files (docs/reliability.md "PostgreSQL restarted
 * under load"). As root, the cluster belongs to the postgres user: PostgreSQL refuses root.
 */
export interface RestartablePostgres {
  readonly url: string;
  /** `pg_ctl stop -m immediate`: every backend killed at once, crash recovery at the next start. */
  crash(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function restartablePostgres(): Promise<RestartablePostgres> {
  if (!fs.existsSync(`${BIN}/postgres`)) {
    // The same package check as scripts/with-postgres.mjs (the SQLite stage may run first).
    const script =
      "import { ensureSystemPackages } from './scripts/system-deps.mjs'; ensureSystemPackages(['postgres']);";
    await run(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT }).catch(() => {});
    if (!fs.existsSync(`${BIN}/postgres`)) throw new Error('PostgreSQL 15 is missing: apt-get install postgresql');
  }
  const isRoot = process.getuid?.() === 0;
  const asOwner = (file: string, argv: string[]) =>
    isRoot ? run('runuser', ['-u', 'postgres', '--', file, ...argv]) : run(file, argv);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-pg-restart-'));
  if (isRoot) await run('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  await asOwner(`${BIN}/initdb`, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const start = async () => {
    await asOwner(`${BIN}/pg_ctl`, [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  };
  const stop = async (mode: 'immediate' | 'fast') => {
    await asOwner(`${BIN}/pg_ctl`, ['-D', dataDir, '-m', mode, '-w', 'stop']).catch(() => {});
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: () => stop('immediate'),
    start,
    async close() {
      await stop('immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
