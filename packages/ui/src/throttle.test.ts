import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle (spec 2 §9 carousel scroll state at most every 300 ms)', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per period with the latest arguments', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const throttled = throttle((n: number) => seen.push(n), 300);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(299);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1, 3]);
  });

  it('drops the pending call when cancelled', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
