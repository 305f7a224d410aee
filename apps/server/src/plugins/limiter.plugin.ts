import fp from 'fastify-plugin';
import { createConfiguredPaidMessages, type PaidMessages } from '../adapters/paid-messages';
import { createMemoryRateLimitStore, createRateLimiter, type RateLimiter } from '../lib/rate-limiter';
import { createRedisRateLimitStore } from '../lib/redis-rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** One attempt counter for every guarded call (log-in, register, recovery, link codes, parental code). */
    limiter: RateLimiter;
    /** The budgeted SMS and mail senders (decision 050). */
    messages: PaidMessages;
  }
}

/**
 * Attempt counters, in Redis with REDIS_URL so every API node counts against the same numbers
 * (decision 018); and every SMS and mail that costs money through one budget per recipient,
 * account and address, counted in the same store (decision 050).
 */
export const limiterPlugin = fp(
  async (app) => {
    const nowMs = () => app.now().getTime();
    const limiter = createRateLimiter(
      app.redis ? createRedisRateLimitStore(app.redis) : createMemoryRateLimitStore(),
      nowMs,
    );
    app.decorate('limiter', limiter);
    app.decorate('messages', createConfiguredPaidMessages({ config: app.config, limiter, now: nowMs }));
  },
  { name: 'playz-limiter', dependencies: ['playz-redis'] },
);
