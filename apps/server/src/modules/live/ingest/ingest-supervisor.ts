import fs from 'node:fs';
import path from 'node:path';
import { INGEST_PLAYLIST, INGEST_STALE_MS } from './ingest-state';

/** What the supervisor needs of a child process (node's ChildProcess fits; tests give a fake). */
export interface IngestProcess {
  readonly pid?: number | undefined;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  kill(signal?: NodeJS.Signals): boolean;
}

export interface IngestLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface SupervisorOptions {
  channelId: number;
  /** Absolute folder the encoder writes into; emptied before each start (numbering restarts). */
  outDir: string;
  spawn: () => IngestProcess;
  log: IngestLog;
  /** First wait before a restart; doubles up to maxBackoffMs, back to this after a good run. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the playlist's age is checked; a stale one means a stalled encoder. */
  checkEveryMs?: number;
  /** How long stop() lets the encoder end on SIGTERM before SIGKILL. */
  stopGraceMs?: number;
  now?: () => number;
}

/**
 * Every encoder of this process that has not exited yet. Should the process end without a clean
 * stop (process.exit after a shutdown that hung, an uncaught error), they are killed on its way
 * out: a child must never outlive the server (decision 048).
 */
const liveChildren = new Set<IngestProcess>();
let exitHookInstalled = false;
function track(child: IngestProcess) {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const running of liveChildren) running.kill('SIGKILL');
    });
  }
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
}

/**
 * Keeps a Stream channel's encoder running: starts it, restarts it when it exits or
 * stalls (with a growing wait so a broken encoder does not spin), and says so in the log. While
 * it is down the channel reads as down on every node (ingest-state.ts).
 */
export function createIngestSupervisor(o: SupervisorOptions) {
  const now = o.now ?? Date.now;
  const minBackoff = o.minBackoffMs ?? 1000;
  const maxBackoff = o.maxBackoffMs ?? 30_000;
  let backoff = minBackoff;
  let child: IngestProcess | null = null;
  let startedAt = 0;
  let stopping = false;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;
  let restarts = 0;
  let stopped: Promise<void> | null = null;

  // The encoder's pid beside its folder: one left running by a server that was killed (its
  // child outlives it) is stopped before a new one writes into the same folder.
  const pidFile = `${o.outDir}.pid`;
  function stopOrphan() {
    try {
      const pid = Number(fs.readFileSync(pidFile, 'utf8'));
      if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGKILL');
      o.log.warn(
        { channelId: o.channelId, pid },
        `live ingest for channel ${o.channelId}: stopped an encoder left running`,
      );
    } catch {
      // no pid file, or the process is gone
    }
  }

  function start() {
    if (stopping) return;
    stopOrphan();
    fs.rmSync(o.outDir, { recursive: true, force: true });
    fs.mkdirSync(o.outDir, { recursive: true });
    startedAt = now();
    const current = o.spawn();
    child = current;
    track(current);
    if (current.pid) fs.writeFileSync(pidFile, String(current.pid));
    o.log.info({ channelId: o.channelId, restarts }, `live ingest for channel ${o.channelId} started`);
    current.once('exit', (code, signal) => {
      if (child === current) child = null;
      fs.rmSync(pidFile, { force: true });
      if (stopping) return;
      // A run that lasted a while was healthy: the next failure starts the waits over.
      if (now() - startedAt > 60_000) backoff = minBackoff;
      const wait = backoff;
      backoff = Math.min(backoff * 2, maxBackoff);
      restarts++;
      o.log.error(
        { channelId: o.channelId, code, signal, restartInMs: wait },
        `live ingest for channel ${o.channelId} stopped (exit ${code ?? signal}); restarting in ${Math.round(wait / 1000)} s`,
      );
      restartTimer = setTimeout(start, wait);
    });
  }

  /** An encoder that runs but writes nothing (stuck) is killed; its exit restarts it. */
  function checkStalled() {
    if (!child || now() - startedAt < INGEST_STALE_MS * 2) return;
    let age = Infinity;
    try {
      age = now() - fs.statSync(path.join(o.outDir, INGEST_PLAYLIST)).mtimeMs;
    } catch {
      // no playlist yet
    }
    if (age > INGEST_STALE_MS) {
      o.log.warn({ channelId: o.channelId, ageMs: age }, `live ingest for channel ${o.channelId} stalled; restarting`);
      child.kill('SIGKILL');
    }
  }
  const watchdog = setInterval(checkStalled, o.checkEveryMs ?? 5000);
  watchdog.unref?.();

  start();
  return {
    channelId: o.channelId,
    get restarts() {
      return restarts;
    },
    isRunning: () => child !== null,
    /**
     * Stops the encoder for good (server shutdown): no restart from now on, even one already
     * scheduled; resolves once the encoder has exited (SIGKILL after the grace), so the server
     * never exits before its child. Called again, it gives the same promise.
     */
    stop(): Promise<void> {
      if (stopped) return stopped;
      stopping = true;
      clearInterval(watchdog);
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      stopped = running ? endChild(running, o.stopGraceMs ?? 5000) : Promise.resolve();
      return stopped;
    },
  };
}
export type IngestSupervisor = ReturnType<typeof createIngestSupervisor>;

/** SIGTERM (ffmpeg closes its manifest), then SIGKILL if it has not exited within `graceMs`. */
function endChild(running: IngestProcess, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => running.kill('SIGKILL'), graceMs);
    running.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    running.kill('SIGTERM');
  });
}
