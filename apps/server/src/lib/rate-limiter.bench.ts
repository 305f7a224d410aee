/**
 * What moving attempt counters and device leases to Redis costs per check (decision 018).
 * Not a test (CONVENTIONS 12): it prints the in-process and the Redis numbers side by side and
 * their ratio. Needs a Redis: `node scripts/with-redis.mjs npx tsx apps/server/src/lib/rate-limiter.bench.ts`
 * (a throwaway redis-server on 127.0.0.1; an existing REDIS_URL is used as it is).
 */
import { randomBytes } from 'node:crypto';
import { createMemoryDeviceLeaseStore, type DeviceLeaseStore } from '../streaming/device-lease-store';
import { createRedisDeviceLeaseStore } from '../streaming/device-lease-redis-store';
import { createMemoryRateLimitStore, createRateLimiter, type RateLimitStore } from './rate-limiter';
import { connectRedis } from './redis-client';
import { createRedisRateLimitStore } from './redis-rate-limit-store';

const SEQUENTIAL = 20_000;
const CONCURRENT_TOTAL = 50_000;
const IN_FLIGHT = 50;
const RULE = { max: 1_000_000, windowMs: 60_000 };

interface Result {
  p50Us: number;
  p99Us: number;
  opsPerSec: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One call at a time (latency), then IN_FLIGHT at a time (throughput, as a busy node sees it). */
async function measure(check: (i: number) => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < 2_000; i++) await check(i); // warm-up: JIT, script cache
  const latencies: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const start = process.hrtime.bigint();
    await check(i);
    latencies.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  latencies.sort((a, b) => a - b);
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CONCURRENT_TOTAL) await check(next++);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { p50Us: percentile(latencies, 50), p99Us: percentile(latencies, 99), opsPerSec: CONCURRENT_TOTAL / seconds };
}

const limiterCheck = (store: RateLimitStore) => {
  const limiter = createRateLimiter(store);
  // 1000 keys, as many callers as a busy minute of log-ins might bring.
  return (i: number) => limiter.hit(`login:ip:10.0.${Math.floor((i % 1000) / 250)}.${i % 250}`, RULE);
};
const leaseCheck = (store: DeviceLeaseStore) => (i: number) =>
  store.take(`device-leases:customer:${i % 1000}`, `session-${i % 3}`, { limit: 3, ttlMs: 180_000, nowMs: Date.now() });

async function main() {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set: run through node scripts/with-redis.mjs');
  const redis = await connectRedis(url, { keyPrefix: `playz-bench-${randomBytes(4).toString('hex')}:` });
  const rows: [string, Result, Result][] = [
    [
      'rate limit check (limiter.hit)',
      await measure(limiterCheck(createMemoryRateLimitStore())),
      await measure(limiterCheck(createRedisRateLimitStore(redis))),
    ],
    [
      'device lease take',
      await measure(leaseCheck(createMemoryDeviceLeaseStore())),
      await measure(leaseCheck(createRedisDeviceLeaseStore(redis))),
    ],
  ];
  await redis.quit();
  const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1));
  console.log(
    `Node ${process.version}; ${SEQUENTIAL} sequential calls, then ${CONCURRENT_TOTAL} with ${IN_FLIGHT} in flight\n`,
  );
  console.log(
    '| Check | In process p50 / p99 (µs) | Redis p50 / p99 (µs) | In process ops/s | Redis ops/s | Redis / in process p50 |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, memory, shared] of rows) {
    console.log(
      `| ${name} | ${fmt(memory.p50Us)} / ${fmt(memory.p99Us)} | ${fmt(shared.p50Us)} / ${fmt(shared.p99Us)} | ${fmt(memory.opsPerSec)} | ${fmt(shared.opsPerSec)} | ${(shared.p50Us / memory.p50Us).toFixed(0)}× |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
