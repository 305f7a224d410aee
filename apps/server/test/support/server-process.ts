import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';

/**
 * The API server as its own process (`node --import tsx apps/server/src/main.ts`), so a test can
 * kill it with SIGKILL as the kernel or an operator would, and start it again on the same
 * database (docs/reliability.md "kill -9 … then restart"). `env` is the server's whole configuration.
 */
export interface ServerProcess {
  readonly url: string;
  start(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, no transaction is committed after this. */
  kill(): Promise<void>;
}

export function serverProcess(env: Record<string, string>, port: number): ServerProcess {
  let child: ChildProcess | null = null;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async start() {
      const started = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child = started;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (started.exitCode !== null) throw new Error(`the server exited with ${started.exitCode} while starting`);
        const ok = await fetch(`${url}/healthz`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the server did not start within 60 s');
    },
    kill() {
      return new Promise((resolve) => {
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
}

/**
 * The settings every test that runs the server as its own process starts from: loopback on `port`,
 * its own data folder, no demo media, no encoder and no billing job unless the test turns them on.
 */
export function ownProcessEnv(port: number, dataDir: string, settings: Record<string, string> = {}) {
  return {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PLAYZ_SKIP_MEDIA: '1',
    LIVE_INGEST: '0',
    BILLING_JOB: '0',
    ...settings,
  };
}
