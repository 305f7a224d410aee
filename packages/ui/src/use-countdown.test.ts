import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './use-countdown';

// Spec 2 §4 (decision 082): the "next episode in 10 s" countdown the players share.
describe('spec 2 §4 the next episode’s countdown', () => {
  afterEach(() => vi.useRealTimers());

  it('spec 2 §4 countdown: counts a second at a time and calls onDone once, at zero', () => {
    vi.useFakeTimers();
    const done = vi.fn();
    const { result } = renderHook(() => useCountdown(10, true, done));
    expect(result.current).toBe(10);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(9);
    act(() => vi.advanceTimersByTime(8000));
    expect(result.current).toBe(1);
    expect(done).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('spec 2 §4 countdown: stopped, it stands still and calls nothing; started again, it counts anew', () => {
    vi.useFakeTimers();
    const done = vi.fn();
    const { result, rerender } = renderHook(({ running }) => useCountdown(10, running, done), {
      initialProps: { running: true },
    });
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(7);
    rerender({ running: false });
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current).toBe(7);
    expect(done).not.toHaveBeenCalled();
    rerender({ running: true });
    expect(result.current).toBe(10);
  });
});
