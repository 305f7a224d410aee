import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRateLimiter } from './rate-limiter';

describe('rate limiter (issue 3: log-in, register, recovery, codes)', () => {
  it('allows max attempts per window, then refuses until the next window', async () => {
    let t = 1_000_000;
    const limiter = createRateLimiter(createMemoryRateLimitStore(), () => t);
    const rule = { max: 3, windowMs: 60_000 };
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push((await limiter.hit('login:ip:1', rule)).allowed);
    expect(verdicts).toEqual([true, true, true, false]);
    expect((await limiter.hit('login:ip:2', rule)).allowed).toBe(true);
    t += 60_000;
    expect((await limiter.hit('login:ip:1', rule)).allowed).toBe(true);
  });

  it('forgets a key on reset', async () => {
    const limiter = createRateLimiter(createMemoryRateLimitStore(), () => 0);
    const rule = { max: 1, windowMs: 1000 };
    await limiter.hit('k', rule);
    expect((await limiter.hit('k', rule)).allowed).toBe(false);
    await limiter.reset('k');
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
  });
});
