import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoNodesOnOneRedis } from '../../test/support/redis-server';
import { createMemoryRateLimitStore, createRateLimiter, type RateLimitStore } from './rate-limiter';
import { connectRedis } from './redis-client';
import { createRedisRateLimitStore } from './redis-rate-limit-store';

let redis: Awaited<ReturnType<typeof twoNodesOnOneRedis>>;
let nodeA: Redis;
let nodeB: Redis;
beforeAll(async () => {
  redis = await twoNodesOnOneRedis();
  ({ nodeA, nodeB } = redis);
});
afterAll(() => redis?.close());

const stores: [string, () => RateLimitStore][] = [
  ['in memory', () => createMemoryRateLimitStore()],
  ['in Redis', () => createRedisRateLimitStore(nodeA)],
];

describe.each(stores)('attempt counters %s (rate limits of decisions 010 and 018)', (_name, makeStore) => {
  it('counts hits in a window, starts again in the next one, and reads without counting', async () => {
    const store = makeStore();
    const key = `k-${randomBytes(4).toString('hex')}`;
    expect([await store.increment(key, 0, 60_000), await store.increment(key, 0, 60_000)]).toEqual([1, 2]);
    expect(await store.get(key, 0)).toBe(2);
    expect(await store.get(key, 0)).toBe(2);
    expect(await store.increment(key, 60_000, 60_000)).toBe(1);
    expect(await store.get(key, 0)).toBe(0);
  });

  it('forgets a key on reset and keeps other keys apart', async () => {
    const store = makeStore();
    const key = `k-${randomBytes(4).toString('hex')}`;
    await store.increment(key, 0, 60_000);
    await store.increment(`${key}-other`, 0, 60_000);
    await store.reset(key);
    expect(await store.get(key, 0)).toBe(0);
    expect(await store.get(`${key}-other`, 0)).toBe(1);
  });
});

describe('attempt counters shared by two API nodes through Redis (ARCHITECTURE decision 2)', () => {
  it('lets exactly max attempts through when both nodes are hit at once', async () => {
    const rule = { max: 5, windowMs: 60_000 };
    const key = `login:account:${randomBytes(4).toString('hex')}@playz.fr`;
    const limiters = [createRedisRateLimitStore(nodeA), createRedisRateLimitStore(nodeB)].map((store) =>
      createRateLimiter(store, () => 1_000_000),
    );
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => limiters[i % 2]!.hit(key, rule).then((v) => v.allowed)),
    );
    expect(verdicts.filter(Boolean)).toHaveLength(5);
  });

  it('gives every key a prefix and an expiry, so Redis empties itself', async () => {
    const store = createRedisRateLimitStore(nodeA);
    const key = `k-${randomBytes(4).toString('hex')}`;
    await store.increment(key, 0, 60_000);
    const raw = await nodeA.pttl(`rate-limit:${key}`);
    expect(raw).toBeGreaterThan(0);
    expect(raw).toBeLessThanOrEqual(60_000);
    // Seen without the connection's prefix, the key carries it.
    const bare = new Redis(redis.url);
    expect(await bare.exists(`${nodeA.options.keyPrefix}rate-limit:${key}`)).toBe(1);
    await bare.quit();
  });

  it('stops the start with the address error when Redis cannot be reached', async () => {
    await expect(connectRedis('redis://127.0.0.1:1', { keyPrefix: 'x:' })).rejects.toThrow(
      /REDIS_URL: cannot reach Redis/,
    );
  });
});
