import type { Redis } from 'ioredis';
import { defineScript } from '../lib/redis-client';
import { STREAM_KINDS, type CountsByKind, type DeviceLeaseStore, type StreamKind } from './device-lease-store';

// One sorted set per account: member = holder, score = when its lease ends (ms). Each script
// reads, decides and writes in one step, so two nodes racing for the last place cannot both get
// it. The set itself expires one lease after its last write. Beside it, a hash per account keeps
// what each holder plays (decision 116), written in the same step and expiring with the set.

// KEYS[1] set, KEYS[2] kinds; ARGV holder, now, limit, ttl, kind. Returns {1} granted, or {0, holder...}.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[2]) + tonumber(ARGV[4]), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[5])
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
  return {1}
end
local refused = redis.call('ZRANGE', KEYS[1], 0, -1)
table.insert(refused, 1, 0)
return refused
`;

// KEYS[1] set, KEYS[2] kinds; ARGV holder, now, ttl. Returns 1 when the unexpired lease was extended.
const RENEW = `
local endsAt = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not endsAt or tonumber(endsAt) <= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], tonumber(ARGV[2]) + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`;

/** Every key the leases use starts so (device-leases.ts names them per account). */
const KEY_PREFIX = 'device-leases:';
/** The kinds' hashes: another prefix, so the scans over the leases' sets never meet them. */
const KINDS_PREFIX = 'device-lease-kinds:';
const kindsKeyOf = (key: string) => KINDS_PREFIX + key.slice(KEY_PREFIX.length);
const kindOf = (stored: string | null): StreamKind =>
  STREAM_KINDS.includes(stored as StreamKind) ? (stored as StreamKind) : 'vod';

export function createRedisDeviceLeaseStore(redis: Redis): DeviceLeaseStore {
  const take = defineScript<[number, ...string[]]>(redis, 'playzDeviceLeaseTakeKind', TAKE, 2);
  const renew = defineScript<number>(redis, 'playzDeviceLeaseRenewKind', RENEW, 2);
  const prefix = redis.options.keyPrefix ?? '';
  /** Each leases' set key (without the connection's prefix), batch by batch. */
  async function* leaseKeys(): AsyncGenerator<string[]> {
    // SCAN sees whole key names, prefix included; commands add the prefix again, so it is cut.
    const stream = redis.scanStream({ match: `${prefix}${KEY_PREFIX}*`, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>) yield keys.map((k) => k.slice(prefix.length));
  }
  return {
    async take(key, holder, { limit, ttlMs, nowMs, kind = 'vod' }) {
      const [granted, ...holders] = await take(key, kindsKeyOf(key), holder, nowMs, limit, ttlMs, kind);
      return granted === 1 ? { granted: true } : { granted: false, holders };
    },
    async renew(key, holder, { ttlMs, nowMs }) {
      return (await renew(key, kindsKeyOf(key), holder, nowMs, ttlMs)) === 1;
    },
    async release(key, holders) {
      if (holders.length > 0)
        await redis
          .multi()
          .zrem(key, ...holders)
          .hdel(kindsKeyOf(key), ...holders)
          .exec();
    },
    async holders(key, nowMs) {
      return redis.zrangebyscore(key, `(${nowMs}`, '+inf');
    },
    async releaseAll() {
      for await (const keys of leaseKeys()) if (keys.length > 0) await redis.unlink(...keys, ...keys.map(kindsKeyOf));
    },
    async countActive(nowMs) {
      let count = 0;
      for await (const keys of leaseKeys()) {
        const counts = await Promise.all(keys.map((k) => redis.zcount(k, `(${nowMs}`, '+inf')));
        count += counts.reduce((sum, n) => sum + n, 0);
      }
      return count;
    },
    async activeByKind(nowMs) {
      const counts: CountsByKind = { vod: 0, live: 0, event: 0 };
      for await (const keys of leaseKeys()) {
        await Promise.all(
          keys.map(async (key) => {
            const holders = await redis.zrangebyscore(key, `(${nowMs}`, '+inf');
            if (holders.length === 0) return;
            for (const stored of await redis.hmget(kindsKeyOf(key), ...holders)) counts[kindOf(stored)] += 1;
          }),
        );
      }
      return counts;
    },
  };
}
