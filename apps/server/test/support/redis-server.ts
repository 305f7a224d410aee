import { startRedis, type ThrowawayRedis } from '../../../../scripts/with-redis.mjs';

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
