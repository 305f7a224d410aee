import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { playerState } from '@playz/player/testing';
import { RESUME_SAVE_INTERVAL_MS, useResumeSaver } from './use-resume-saver';

const at = (currentTime: number, paused: boolean) => playerState({ currentTime, paused });

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

  // The rule's own cases (glances, the end, zaps, a hidden page) are tested once, in
  // packages/player's resume-saver.test.ts; here, only what this hook adds.
  it('saves to the latest callback the screen gave, not the one it started with', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = renderHook(({ state, save }) => useResumeSaver(state, save), {
      initialProps: { state: at(20, false), save: first },
    });
    rerender({ state: at(21, true), save: latest });
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(21);
  });

  it('a screen with no state yet (the stream still asked for) saves nothing when it goes away', () => {
    const save = vi.fn();
    const { unmount } = renderHook(() => useResumeSaver(null, save));
    unmount();
    expect(save).not.toHaveBeenCalled();
  });
});
