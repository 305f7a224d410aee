import type { Redis } from 'ioredis';
import type { IngestStarter, IngestSupervisor } from '../modules/live';
import { holdLeadership } from './leadership-lock';

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
  const locks = starters.map((starter) =>
    holdLeadership(redis, `live-ingest:${starter.channelId}`, {
      ttlMs: opts.ttlMs ?? INGEST_LOCK_TTL_MS,
      onGained: () => running.set(starter.channelId, starter.start()),
      onLost: () => {
        running.get(starter.channelId)?.stop();
        running.delete(starter.channelId);
      },
      onError: opts.onError,
    }),
  );
  return {
    /** The encoders this node runs now (/metrics' playz_live_ingest_up). */
    running: (): IngestSupervisor[] => [...running.values()],
    stop: () => Promise.all(locks.map((lock) => lock.stop())).then(() => undefined),
  };
}
