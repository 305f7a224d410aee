import fs from 'node:fs/promises';
import path from 'node:path';

/** The outboxes of the mail and SMS adapters under DATA_DIR/outbox (decision 011). */
const OUTBOX_KINDS = ['mail', 'sms'] as const;
export const OUTBOX_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes outbox files (message JSON, .eml, half-written .part) last written more than
 * `maxAgeMs` before `nowMs`. A missing folder is an empty one. Answers how many files went.
 */
export async function pruneOutbox(outboxDir: string, maxAgeMs: number, nowMs: number): Promise<number> {
  let removed = 0;
  for (const kind of OUTBOX_KINDS) {
    const dir = path.join(outboxDir, kind);
    const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    for (const name of names) {
      const file = path.join(dir, name);
      // A file another pruner (or a person) removed meanwhile is simply gone.
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile() || nowMs - stat.mtimeMs <= maxAgeMs) continue;
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

export interface OutboxPruning {
  /** The run made at start, for callers (tests) that wait for it. */
  firstRun: Promise<void>;
  stop(): void;
}

/**
 * Issue 3 leftover (decision 019): outbox files were never removed, so a development server or a
 * test machine grew DATA_DIR/outbox forever. Prunes at start, then every hour; the timer is
 * unref'd (it never keeps the process alive) and `stop()` ends it when the server closes. Runs
 * never overlap. Failures are logged and the next hour tries again.
 */
export function startOutboxPruning(opts: {
  outboxDir: string;
  maxAgeMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  intervalMs?: number;
  /** Wall clock of the files' mtimes; never the app's test clock, which may be years away. */
  nowMs?: () => number;
}): OutboxPruning {
  const nowMs = opts.nowMs ?? Date.now;
  let running: Promise<void> | null = null;
  const run = (): Promise<void> => {
    running ??= pruneOutbox(opts.outboxDir, opts.maxAgeMs, nowMs())
      .then((removed) => {
        if (removed > 0) opts.log.info({ removed, outboxDir: opts.outboxDir }, 'old outbox files removed');
      })
      .catch((error: unknown) => opts.log.warn({ err: error, outboxDir: opts.outboxDir }, 'outbox pruning failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const firstRun = run();
  const timer = setInterval(() => void run(), opts.intervalMs ?? OUTBOX_PRUNE_INTERVAL_MS);
  timer.unref();
  return { firstRun, stop: () => clearInterval(timer) };
}
