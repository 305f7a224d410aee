import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { connectRedis } from '../src/lib/redis-client';
import { createRedisTableGenerations } from '../src/lib/table-generations';
import { restartableRedis, type RestartableRedis } from './support/restartable-redis';

// Decision 037 with a Redis that keeps its data (append-only file) or a network cut: a write
// whose counter bump could not reach Redis must still retire the entries cached before the
// outage once Redis is back (found by the security suite's Redis restart, docs/reliability.md).
let redis: RestartableRedis;
let connection: Redis;
beforeAll(async () => {
  redis = await restartableRedis({ persist: true });
  connection = await connectRedis(redis.url, { keyPrefix: 'generations-outage:' });
  connection.on('error', () => {});
});
afterAll(async () => {
  connection?.disconnect();
  await redis?.close();
});

describe('table write counters across a Redis outage (decision 037)', () => {
  it('a bump lost while Redis was down is made when it is back: the stamp taken before no longer matches', async () => {
    const errors: Error[] = [];
    const generations = createRedisTableGenerations(connection, (e) => errors.push(e));
    await generations.stamp(['customers']); // first use starts the counters
    const before = await generations.stamp(['customers']);
    expect(before).not.toBeNull();

    await redis.kill();
    await generations.bump(new Set(['customers']));
    expect(errors.length).toBeGreaterThan(0);
    expect(await generations.stamp(['customers'])).toBeNull();

    await redis.start();
    let after: string | null = null;
    for (let i = 0; i < 50 && after === null; i += 1) {
      after = await generations.stamp(['customers']);
      if (after === null) await new Promise((r) => setTimeout(r, 100));
    }
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    // Made once: the stamp holds still afterwards.
    expect(await generations.stamp(['customers'])).toBe(after);
  });

  it('another node sees the held-back bump once the writer is connected again, without the writer reading', async () => {
    const writerConnection = await connectRedis(redis.url, { keyPrefix: 'generations-outage-2:' });
    const readerConnection = await connectRedis(redis.url, { keyPrefix: 'generations-outage-2:' });
    writerConnection.on('error', () => {});
    readerConnection.on('error', () => {});
    try {
      const writer = createRedisTableGenerations(writerConnection, () => {});
      const reader = createRedisTableGenerations(readerConnection, () => {});
      await reader.stamp(['profiles']);
      const before = await reader.stamp(['profiles']);
      expect(before).not.toBeNull();
      await redis.kill();
      await writer.bump(new Set(['profiles']));
      await redis.start();
      // ioredis reconnects within its back-off (2 s at most); the writer is never asked again.
      let seen: string | null = before;
      for (let i = 0; i < 100 && (seen === null || seen === before); i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        seen = await reader.stamp(['profiles']);
      }
      expect(seen).not.toBeNull();
      expect(seen).not.toBe(before);
    } finally {
      writerConnection.disconnect();
      readerConnection.disconnect();
    }
  });
});
