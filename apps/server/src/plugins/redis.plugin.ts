import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { connectRedis } from '../lib/redis-client';
import { connectTableGenerations, type TableGenerations } from '../lib/table-generations';

declare module 'fastify' {
  interface FastifyInstance {
    /** With REDIS_URL, the state API nodes share (ARCHITECTURE decision 2, decision 038); else null. */
    redis: Redis | null;
    /** Write counters per table, for read caches that must never serve a changed row (decision 037). */
    tableWrites: TableGenerations;
    /** Prefix of every Redis key (default `playz:`); tests give each app its own. */
    redisKeyPrefix: string;
  }
}

export const redisPlugin = fp<{ keyPrefix?: string }>(
  async (app, opts) => {
    const keyPrefix = opts.keyPrefix ?? 'playz:';
    const url = app.config.redisUrl;
    const redis = url
      ? await connectRedis(url, { keyPrefix, onError: (error) => app.log.error({ err: error }, 'redis connection') })
      : null;
    app.decorate('redis', redis);
    app.decorate('redisKeyPrefix', keyPrefix);
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    const tableWrites = connectTableGenerations({
      ...{ database: app.database, redis },
      onError: (error) => app.log.error({ err: error }, 'table write counters'),
    });
    app.addHook('onClose', async () => tableWrites.stop());
    app.decorate('tableWrites', tableWrites.generations);
  },
  { name: 'playz-redis', dependencies: ['playz-foundation'] },
);
