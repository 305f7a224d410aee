export interface Backoff {
  /** Wait before the first reconnection. */
  initialMs: number;
  /** Longest wait, reached after a few failures. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000 };

/**
 * Wait before reconnection number `attempt` (0 first): doubling from initialMs up to maxMs, the
 * upper half randomised, so the phones and screens of a restarted API node do not all come back
 * in the same millisecond.
 */
export function nextDelay(attempt: number, backoff: Partial<Backoff> = {}, random: () => number = Math.random): number {
  const { initialMs, maxMs } = { ...DEFAULT_BACKOFF, ...backoff };
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
