import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { defineScript } from '../lib/redis-client';

// KEYS[1] lock; ARGV token, ttl. Extends the lock only while this holder still has it.
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;
// KEYS[1] lock; ARGV token. Frees the lock only when this holder has it (never another's).
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export interface Leadership {
  isHeld(): boolean;
  /** Frees the lock at once (a clean stop hands over without waiting for its expiry). */
  stop(): Promise<void>;
}

/**
 * One holder at a time for `key` across the deployment (decision 038: a Stream channel's encoder).
 * The holder renews every ttl/3; a node that dies stops renewing and another takes over within
 * one ttl. A holder that misses its renewal (Redis unreachable, process paused) is told it lost
 * the lock, so two encoders never write the same folder for longer than a check period.
 */
export function holdLeadership(
  redis: Redis,
  key: string,
  opts: {
    ttlMs: number;
    onGained(): void;
    onLost(): void;
    onError?(error: unknown): void;
  },
): Leadership {
  const renew = defineScript<number>(redis, 'playzLeadershipRenew', RENEW, 1);
  const release = defineScript<number>(redis, 'playzLeadershipRelease', RELEASE, 1);
  const token = randomBytes(12).toString('hex');
  let held = false;
  let stopped = false;

  async function check() {
    try {
      if (held) {
        if ((await renew(key, token, opts.ttlMs)) !== 1) lose();
      } else if ((await redis.set(key, token, 'PX', opts.ttlMs, 'NX')) === 'OK') {
        if (stopped) return void (await release(key, token));
        held = true;
        opts.onGained();
      }
    } catch (error) {
      opts.onError?.(error);
      // Cannot tell whether the lock still stands: stop acting on it rather than risk two holders.
      if (held) lose();
    }
  }
  function lose() {
    held = false;
    opts.onLost();
  }

  const timer = setInterval(() => void check(), Math.max(50, Math.floor(opts.ttlMs / 3)));
  timer.unref();
  void check();
  return {
    isHeld: () => held,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (held) {
        lose();
        await release(key, token).catch((error: unknown) => opts.onError?.(error));
      }
    },
  };
}
