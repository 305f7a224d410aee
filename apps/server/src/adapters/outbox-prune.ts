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
