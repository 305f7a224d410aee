import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoNodesOnOneRedis } from '../../test/support/redis-server';
import { createMemoryDeviceLeaseStore, type CountsByKind, type DeviceLeaseStore } from './device-lease-store';
import { createRedisDeviceLeaseStore } from './device-lease-redis-store';

let redis: Awaited<ReturnType<typeof twoNodesOnOneRedis>>;
let nodeA: Redis;
let nodeB: Redis;
beforeAll(async () => {
  redis = await twoNodesOnOneRedis();
  ({ nodeA, nodeB } = redis);
});
afterAll(() => redis?.close());

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 20, 0);
const terms = (nowMs: number) => ({ limit: 3, ttlMs: 3 * MINUTE, nowMs });
const freshKey = () => `device-leases:customer:${randomBytes(4).toString('hex')}`;

const stores: [string, () => DeviceLeaseStore][] = [
  ['in memory', () => createMemoryDeviceLeaseStore()],
  ['in Redis', () => createRedisDeviceLeaseStore(nodeA)],
];

describe.each(stores)('device leases %s (spec 1 §6 devices limit, decision 018)', (_name, makeStore) => {
  it('grants up to the limit, refuses the next holder naming the others, and lets a holder take again', async () => {
    const store = makeStore();
    const key = freshKey();
    for (const holder of ['a', 'b', 'c']) expect(await store.take(key, holder, terms(T0))).toEqual({ granted: true });
    const refused = await store.take(key, 'd', terms(T0));
    expect(refused.granted).toBe(false);
    expect(refused.granted ? [] : [...refused.holders].sort()).toEqual(['a', 'b', 'c']);
    expect(await store.take(key, 'b', terms(T0 + MINUTE))).toEqual({ granted: true });
  });

  it('frees a place when a lease runs out, unless it was renewed; renewing never takes a place', async () => {
    const store = makeStore();
    const key = freshKey();
    for (const holder of ['a', 'b', 'c']) await store.take(key, holder, terms(T0));
    expect(await store.renew(key, 'a', terms(T0 + 2 * MINUTE))).toBe(true);
    expect(await store.renew(key, 'z', terms(T0 + 2 * MINUTE))).toBe(false);
    // At T0 + 3 min b and c have run out; a, renewed at 2 min, holds until 5 min.
    expect(await store.renew(key, 'b', terms(T0 + 3 * MINUTE))).toBe(false);
    expect((await store.take(key, 'd', terms(T0 + 3 * MINUTE))).granted).toBe(true);
    expect((await store.take(key, 'e', terms(T0 + 3 * MINUTE))).granted).toBe(true);
    const refused = await store.take(key, 'f', terms(T0 + 3 * MINUTE));
    expect(refused.granted ? [] : [...refused.holders].sort()).toEqual(['a', 'd', 'e']);
  });

  it('frees places on release and keeps accounts apart', async () => {
    const store = makeStore();
    const key = freshKey();
    for (const holder of ['a', 'b', 'c']) await store.take(key, holder, terms(T0));
    expect((await store.take(freshKey(), 'd', terms(T0))).granted).toBe(true);
    await store.release(key, ['a', 'c']);
    expect((await store.take(key, 'd', terms(T0))).granted).toBe(true);
    expect((await store.take(key, 'e', terms(T0))).granted).toBe(true);
    expect((await store.take(key, 'f', terms(T0))).granted).toBe(false);
  });

  it('counts the unexpired leases by what they play, a holder counted once as its last stream (decision 116)', async () => {
    const store = makeStore();
    const [one, two] = [freshKey(), freshKey()];
    // Other tests' leases share the Redis: each count is taken against theirs at the same time.
    const others = new Map<number, CountsByKind>();
    for (const at of [T0 + MINUTE, T0 + 3 * MINUTE]) others.set(at, await store.activeByKind(at));
    await store.take(one, 'film', { ...terms(T0), kind: 'vod' });
    await store.take(one, 'zap', { ...terms(T0), kind: 'vod' });
    await store.take(two, 'match', { ...terms(T0), kind: 'event' });
    // The same device moves from a film to a channel: one place, now live.
    await store.take(one, 'zap', { ...terms(T0 + MINUTE), kind: 'live' });
    const added = async (at: number) => {
      const [counts, before] = [await store.activeByKind(at), others.get(at)!];
      return { vod: counts.vod - before.vod, live: counts.live - before.live, event: counts.event - before.event };
    };
    expect(await added(T0 + MINUTE)).toEqual({ vod: 1, live: 1, event: 1 });
    await store.release(two, ['match']);
    expect(await added(T0 + MINUTE)).toEqual({ vod: 1, live: 1, event: 0 });
    // The film's lease ran out (3 minutes after T0); the channel's renewal keeps its kind.
    expect(await store.renew(one, 'zap', terms(T0 + 2 * MINUTE))).toBe(true);
    expect(await added(T0 + 3 * MINUTE)).toEqual({ vod: 0, live: 1, event: 0 });
  });
});

describe('device leases shared by two API nodes through Redis (ARCHITECTURE decision 2)', () => {
  it('hands out exactly limit places when ten devices ask both nodes at once', async () => {
    const key = freshKey();
    const nodes = [createRedisDeviceLeaseStore(nodeA), createRedisDeviceLeaseStore(nodeB)];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => nodes[i % 2]!.take(key, `device-${i}`, terms(T0))),
    );
    expect(results.filter((r) => r.granted)).toHaveLength(3);
  });

  it('lets the lease set expire in Redis one lease after its last write', async () => {
    const key = freshKey();
    await createRedisDeviceLeaseStore(nodeA).take(key, 'a', terms(Date.now()));
    const ttl = await nodeA.pttl(key);
    expect(ttl).toBeGreaterThan(2 * MINUTE);
    expect(ttl).toBeLessThanOrEqual(3 * MINUTE);
  });
});
