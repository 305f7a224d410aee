import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { startRedis, type ThrowawayRedis } from '../../../../scripts/with-redis.mjs';
import { connectRedis } from '../../src/lib/redis-client';

/**
 * The Redis a test runs against: REDIS_URL when scripts/with-redis.mjs set it (npm test's
 * PostgreSQL step), else a throwaway redis-server of its own, so these tests run in every step
 * and fail loudly when Redis cannot be had, never skip.
 */
export async function redisForTests(): Promise<ThrowawayRedis> {
  const given = process.env.REDIS_URL;
  if (given) return { url: given, stop: async () => {} };
  return startRedis();
}

/**
 * Two connections with one fresh key prefix: two API nodes of one deployment, isolated from the
 * other test files sharing the Redis. `close` quits both and stops a throwaway server.
 */
export async function twoNodesOnOneRedis(): Promise<{
  url: string;
  nodeA: Redis;
  nodeB: Redis;
  close(): Promise<void>;
}> {
  const server = await redisForTests();
  const keyPrefix = `playz-test-${randomBytes(6).toString('hex')}:`;
  const nodeA = await connectRedis(server.url, { keyPrefix });
  const nodeB = await connectRedis(server.url, { keyPrefix });
  return {
    url: server.url,
    nodeA,
    nodeB,
    async close() {
      await nodeA.quit();
      await nodeB.quit();
      await server.stop();
    },
  };
}
