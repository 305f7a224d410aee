import type { Redis } from 'ioredis';
import { defineScript } from '../lib/redis-client';
import type { DeviceLeaseStore } from './device-lease-store';

// One sorted set per account: member = holder, score = when its lease ends (ms). Each script
// reads, decides and writes in one step, so two nodes racing for the last place cannot both get
// it. The set itself expires one lease after its last write.

// KEYS[1] set; ARGV holder, now, limit, ttl. Returns {1} granted, or {0, holder...} refused.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[2]) + tonumber(ARGV[4]), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  return {1}
end
local refused = redis.call('ZRANGE', KEYS[1], 0, -1)
table.insert(refused, 1, 0)
return refused
`;

// KEYS[1] set; ARGV holder, now, ttl. Returns 1 when the unexpired lease was extended.
const RENEW = `
local endsAt = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not endsAt or tonumber(endsAt) <= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], tonumber(ARGV[2]) + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/** Every key the leases use starts so (device-leases.ts names them per account). */
const KEY_PREFIX = 'device-leases:';

export function createRedisDeviceLeaseStore(redis: Redis): DeviceLeaseStore {
  const take = defineScript<[number, ...string[]]>(redis, 'playzDeviceLeaseTake', TAKE, 1);
  const renew = defineScript<number>(redis, 'playzDeviceLeaseRenew', RENEW, 1);
  return {
    async take(key, holder, { limit, ttlMs, nowMs }) {
      const [granted, ...holders] = await take(key, holder, nowMs, limit, ttlMs);
      return granted === 1 ? { granted: true } : { granted: false, holders };
    },
    async renew(key, holder, { ttlMs, nowMs }) {
      return (await renew(key, holder, nowMs, ttlMs)) === 1;
    },
    async release(key, holders) {
      if (holders.length > 0) await redis.zrem(key, ...holders);
    },
    async holders(key, nowMs) {
      return redis.zrangebyscore(key, `(${nowMs}`, '+inf');
    },
    async releaseAll() {
      // SCAN sees whole key names, prefix included; UNLINK adds the prefix again, so it is cut.
      const prefix = redis.options.keyPrefix ?? '';
      const stream = redis.scanStream({ match: `${prefix}${KEY_PREFIX}*`, count: 500 });
      for await (const keys of stream as AsyncIterable<string[]>) {
        if (keys.length > 0) await redis.unlink(...keys.map((k) => k.slice(prefix.length)));
      }
    },
    async countActive(nowMs) {
      const prefix = redis.options.keyPrefix ?? '';
      const stream = redis.scanStream({ match: `${prefix}${KEY_PREFIX}*`, count: 500 });
      let count = 0;
      for await (const keys of stream as AsyncIterable<string[]>) {
        const counts = await Promise.all(keys.map((k) => redis.zcount(k.slice(prefix.length), `(${nowMs}`, '+inf')));
        count += counts.reduce((sum, n) => sum + n, 0);
      }
      return count;
    },
  };
}
