import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRateLimiter } from './rate-limiter';

describe('rate limiter (decision 010: log-in, register, recovery, codes)', () => {
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

describe('memory store bound (callers choose the keys)', () => {
  it('keeps at most maxEntries keys, dropping the least recently counted first', async () => {
    const store = createMemoryRateLimitStore(3);
    for (const key of ['a', 'b', 'c']) await store.increment(key, 0, 1000);
    // 'a' is counted again, so 'b' is now the least recently counted key.
    expect(await store.increment('a', 0, 1000)).toBe(2);
    await store.increment('d', 0, 1000);
    expect([
      await store.get('a', 0),
      await store.get('b', 0),
      await store.get('c', 0),
      await store.get('d', 0),
    ]).toEqual([2, 0, 1, 1]);
    for (let i = 0; i < 1000; i += 1) await store.increment(`flood-${i}`, 0, 1000);
    expect(await store.get('a', 0)).toBe(0);
    expect(await store.get('flood-999', 0)).toBe(1);
  });
});
