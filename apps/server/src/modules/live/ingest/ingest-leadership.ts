import type { Redis } from 'ioredis';
import { holdLeadership } from '../../../jobs/leadership-lock';
import type { IngestSupervisor } from './ingest-supervisor';
import type { IngestStarter } from './start-ingests';

/** A dead node's encoder is taken over within this long (its lock expires). */
export const INGEST_LOCK_TTL_MS = 15_000;

/**
 * Live ingest across nodes (decision 038): each Stream channel's encoder runs on exactly one node,
 * the holder of `live-ingest:<channel>`. Every node with LIVE_INGEST competes for each channel;
 * the one that gets the lock starts the encoder, stops it if the lock is lost, and frees the lock
 * on a clean stop so another node starts it at once.
 */
export function superviseIngestsOnce(
  redis: Redis,
  starters: readonly IngestStarter[],
  opts: { ttlMs?: number; onError(error: unknown): void },
) {
  const running = new Map<number, IngestSupervisor>();
  const ending: Promise<void>[] = [];
  let stopped: Promise<void> | null = null;
  const locks = starters.map((starter) =>
    holdLeadership(redis, `live-ingest:${starter.channelId}`, {
      ttlMs: opts.ttlMs ?? INGEST_LOCK_TTL_MS,
      onGained: () => running.set(starter.channelId, starter.start()),
      onLost: () => {
        const supervisor = running.get(starter.channelId);
        if (supervisor) ending.push(supervisor.stop());
        running.delete(starter.channelId);
      },
      onError: opts.onError,
    }),
  );
  return {
    /** The encoders this node runs now (/metrics' playz_live_ingest_up). */
    running: (): IngestSupervisor[] => [...running.values()],
    /** Frees the locks and resolves once this node's encoders have exited; called again, the same promise. */
    stop: (): Promise<void> =>
      (stopped ??= Promise.all(locks.map((lock) => lock.stop())).then(async () => void (await Promise.all(ending)))),
  };
}
