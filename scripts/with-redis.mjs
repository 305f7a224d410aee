// Runs a command with REDIS_URL pointing at a throwaway redis-server (Debian's package, installed
// when missing): 127.0.0.1 on a free port, no persistence, stopped when the command ends. An
// existing REDIS_URL is used as it is. `startRedis()` is also what the API tests use when they
// need a Redis and none was given (apps/server/test/support/redis-server.ts).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureProjectNode } from './node-runtime.mjs';
import { ensureSystemPackages } from './system-deps.mjs';

const REDIS_SERVER = '/usr/bin/redis-server';
const READY_TIMEOUT_MS = 10_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts redis-server; resolves once it accepts connections. Fails loudly, never skips. */
export async function startRedis() {
  if (!ensureSystemPackages(['redis'])) throw new Error('redis-server is missing and could not be installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-redis-'));
  const port = await freePort();
  // No RDB snapshots, no append-only file: the data lives and dies with the process.
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server not ready:\n${output}`)), READY_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Node 24 for the command it runs (decision 053).
  await ensureProjectNode();
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/with-redis.mjs <command> [args...]');
    process.exit(2);
  }
  const run = (env) => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  if (process.env.REDIS_URL) process.exit(run({}));
  let redis;
  try {
    redis = await startRedis();
  } catch (error) {
    console.error('Could not start Redis:', error.message);
    process.exit(1);
  }
  console.log(`Redis test server on ${redis.url}`);
  let status = 1;
  try {
    status = run({ REDIS_URL: redis.url });
  } finally {
    await redis.stop();
  }
  process.exit(status);
}
