import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { freePort } from '../test-app';
import { ownProcessEnv } from '../support/server-process';

/**
 * No child outlives the server (decision 048): the server runs as its own process group with the
 * Stream channel's encoder (a real ffmpeg), and is stopped in each way a machine or an operator
 * stops it, some of them while the encoder is being restarted. Afterwards no ffmpeg writing into
 * this test's folder is left, and no encoder was started after the signal. Linux only (/proc).
 */
const CHANNEL = 20;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-orphan-'));
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playz-orphan-web-'));
let env: Record<string, string>;
let running: ChildProcess | null = null;

beforeAll(async () => {
  const port = await freePort();
  env = ownProcessEnv(port, dataDir, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    LIVE_INGEST: '1',
    STREAM_SECRET: 'orphan-test-secret-orphan-test-secret',
    // scripts/start.mjs builds no app when these are set.
    WEB_DIST_DIR: webDir,
    TV_DIST_DIR: webDir,
  });
});

afterEach(() => {
  // A failed check leaves nothing running for the next one.
  if (running?.pid && running.exitCode === null && running.signalCode === null) {
    try {
      process.kill(-running.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const pid of encoders()) process.kill(pid, 'SIGKILL');
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** Live (not zombie) ffmpeg processes writing into this test's data folder, whoever their parent. */
function encoders(): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!path.basename(argv[0] ?? '').startsWith('ffmpeg')) continue;
      if (!argv.some((a) => a.startsWith(dataDir))) continue;
      const state = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0];
      if (state !== 'Z' && state !== 'X') found.push(Number(entry));
    } catch {
      // ended while read
    }
  }
  return found;
}

function isAlive(pid: number): boolean {
  try {
    const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

async function waitFor(what: string, done: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Started {
  process: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Log lines so far, stdout of the server (JSON) or of the wrapper. */
  lines: string[];
}

/** The server, or `npm start`'s wrapper, as the leader of its own process group (setsid). */
async function start(entry: 'server' | 'wrapper', extraEnv: Record<string, string> = {}): Promise<Started> {
  const script = entry === 'server' ? 'apps/server/src/main.ts' : 'scripts/start.mjs';
  const args = entry === 'server' ? ['--import', 'tsx', script] : [script];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  running = child;
  const lines: string[] = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await waitFor(
    'the server to be ready with its encoder',
    () => lines.some((l) => l.startsWith('Playz is ready')) && encoders().length === 1 && startedLines(lines) === 1,
  );
  return { process: child, exited, lines };
}

const startedLines = (lines: readonly string[]) =>
  lines.filter((l) => l.includes(`live ingest for channel ${CHANNEL} started`)).length;

/** Kills the running encoder and waits until the server has scheduled its restart. */
async function provokeRestart(server: Started) {
  const [encoder] = encoders();
  process.kill(encoder!, 'SIGKILL');
  await waitFor('the restart to be scheduled', () =>
    server.lines.some((l) => l.includes(`live ingest for channel ${CHANNEL} stopped`)),
  );
}

/** Once the server is gone, its encoders go within moments (the kernel's or the server's kill). */
async function expectNoEncoderLeft() {
  await waitFor('the encoders to end', () => encoders().length === 0, 5_000).catch(() => undefined);
  expect(encoders()).toEqual([]);
}

describe('no child outlives the server (decision 048)', () => {
  it('SIGTERM to the group while the encoder waits for its restart: no restart during the drain, none left', async () => {
    const server = await start('server', { SHUTDOWN_DRAIN_SECONDS: '3' });
    await provokeRestart(server);
    const startedBefore = startedLines(server.lines);
    process.kill(-server.process.pid!, 'SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // The restart was due 1 s after the encoder died, within the 3 s drain.
    expect(startedLines(server.lines)).toBe(startedBefore);
    await expectNoEncoderLeft();
  });

  it('SIGINT to the group just after the restarted encoder started: it is stopped, none left', async () => {
    const server = await start('server');
    await provokeRestart(server);
    await waitFor('the restarted encoder', () => startedLines(server.lines) === 2 && encoders().length === 1);
    process.kill(-server.process.pid!, 'SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await expectNoEncoderLeft();
  });

  it('SIGTERM while the server starts, its encoder already running: it stops at once, none left', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    running = child;
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    await waitFor('the encoder to start', () => encoders().length === 1);
    process.kill(-child.pid!, 'SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    await expectNoEncoderLeft();
  });

  it('SIGKILL of the server alone: the kernel ends its encoder, none left', async () => {
    const server = await start('server');
    const [encoder] = encoders();
    expect(encoder).toBeDefined();
    process.kill(server.process.pid!, 'SIGKILL');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await expectNoEncoderLeft();
    // A killed process drops its command line before its state leaves R/D (its memory torn down
    // first): on a loaded machine it is seen alive here a moment after it stopped being an encoder.
    await waitFor('the killed encoder to end', () => !isAlive(encoder!), 5_000).catch(() => undefined);
    expect(isAlive(encoder!)).toBe(false);
  });

  it("SIGKILL of npm start's wrapper: the server stops with its encoder, none left", async () => {
    const wrapper = await start('wrapper');
    const serverPid = Number(fs.readFileSync(`/proc/${encoders()[0]}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    process.kill(wrapper.process.pid!, 'SIGKILL');
    await wrapper.exited;
    await waitFor('the server to stop', () => !isAlive(serverPid), 30_000);
    await expectNoEncoderLeft();
  });

  it('SIGTERM to the wrapper: it passes it on, the server stops with its encoder', async () => {
    const wrapper = await start('wrapper');
    await provokeRestart(wrapper);
    process.kill(wrapper.process.pid!, 'SIGTERM');
    expect(await wrapper.exited).toEqual({ code: 0, signal: null });
    await expectNoEncoderLeft();
  });
});
