import type { Redis } from 'ioredis';
import { defineScript } from './redis-client';
import type { RateLimitStore } from './rate-limiter';

/**
 * One hash per key: `w` the window start, `c` its count. A hit in a new window starts again at
 * 1; the key expires one window after its window began, so idle keys leave Redis by themselves.
 * Read, compare and write happen in one script, so two nodes never both see the same count and
 * let the N+1th attempt through.
 */
const INCREMENT = `
if redis.call('HGET', KEYS[1], 'w') == ARGV[1] then
  return redis.call('HINCRBY', KEYS[1], 'c', 1)
end
redis.call('HSET', KEYS[1], 'w', ARGV[1], 'c', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

const keyOf = (key: string) => `rate-limit:${key}`;

export function createRedisRateLimitStore(redis: Redis): RateLimitStore {
  const increment = defineScript<number>(redis, 'playzRateLimitIncrement', INCREMENT, 1);
  return {
    async increment(key, windowStart, windowMs) {
      return Number(await increment(keyOf(key), String(windowStart), windowMs));
    },
    async get(key, windowStart) {
      const [w, c] = await redis.hmget(keyOf(key), 'w', 'c');
      return w === String(windowStart) ? Number(c) : 0;
    },
    async reset(key) {
      await redis.del(keyOf(key));
    },
  };
}
