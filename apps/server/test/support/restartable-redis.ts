import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRedis } from '../../../../scripts/with-redis.mjs';
import { freePort } from '../test-app';

const REDIS_SERVER = '/usr/bin/redis-server';

/**
 * A redis-server of the test's own (Debian's binary), on a port that stays the same across
 * restarts, so the app's connection finds it again by itself (docs/reliability.md "Redis restarted under
 * load"). `persist`: an append-only file synced at every write, so a restart after SIGKILL comes
 * back with its data (a production Redis with AOF); without it Redis comes back empty.
 */
export interface RestartableRedis {
  readonly url: string;
  /** SIGKILL, as a crash or an OOM kill would. */
  kill(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function restartableRedis(opts: { persist: boolean }): Promise<RestartableRedis> {
  // The same package check as scripts/with-redis.mjs (installs Debian's redis-server if missing).
  if (!fs.existsSync(REDIS_SERVER)) await (await startRedis()).stop();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-redis-restart-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const persistence = opts.persist
    ? ['--appendonly', 'yes', '--appendfsync', 'always', '--save', '']
    : ['--appendonly', 'no', '--save', ''];

  async function start() {
    const started = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, ...persistence], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server not ready:\n${output}`)), 10_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          started.stdout!.resume();
          started.stderr!.resume();
          resolve();
        }
      };
      started.stdout!.on('data', onData);
      started.stderr!.on('data', onData);
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
    started.stdout!.removeAllListeners('data');
    started.stderr!.removeAllListeners('data');
    started.removeAllListeners('exit');
  }

  function kill(): Promise<void> {
    return new Promise((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async close() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
