import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { PlayerState } from '@playz/player';
import { RESUME_SAVE_INTERVAL_MS, useResumeSaver } from './use-resume-saver';

const at = (currentTime: number, paused: boolean): PlayerState => ({
  paused,
  loading: false,
  seeking: false,
  muted: false,
  ended: false,
  currentTime,
  duration: 600,
  quality: 'auto',
  activeHeight: null,
  live: false,
  seekStart: 0,
  seekEnd: 600,
});

describe('resume point from the TV player (spec 2 §4 Resume)', () => {
  afterEach(() => vi.useRealTimers());

  it('saves every 10 s while playing, when paused, and when the player goes away', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const { rerender, unmount } = renderHook(({ state }) => useResumeSaver(state, save), {
      initialProps: { state: at(5, false) },
    });
    vi.advanceTimersByTime(RESUME_SAVE_INTERVAL_MS);
    expect(save).toHaveBeenLastCalledWith(5);
    rerender({ state: at(42, true) });
    expect(save).toHaveBeenLastCalledWith(42);
    rerender({ state: at(50, false) });
    save.mockClear();
    unmount();
    expect(save).toHaveBeenCalledWith(50);
  });

  it('does not save a glance under a second', () => {
    const save = vi.fn();
    const { rerender, unmount } = renderHook(({ state }) => useResumeSaver(state, save), {
      initialProps: { state: at(0.4, false) },
    });
    rerender({ state: at(0.5, true) });
    unmount();
    expect(save).not.toHaveBeenCalled();
  });
});
