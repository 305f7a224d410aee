import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { RESUME_SAVE_INTERVAL_MS } from '@playz/player';
import { playerState } from '@playz/player/testing';
import { useResume } from './use-resume';

const at = (currentTime: number, paused: boolean) => playerState({ currentTime, paused });

describe('resume point from the web player (spec 2 §4 Resume)', () => {
  afterEach(() => vi.useRealTimers());

  it('saves every 10 s while playing, and when the page is hidden (a tab closed, another site)', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const { result, unmount } = renderHook(() => useResume(save));
    result.current.update(at(5, false));
    vi.advanceTimersByTime(RESUME_SAVE_INTERVAL_MS);
    expect(save.mock.calls).toEqual([[5]]);
    result.current.update(at(7, false));
    window.dispatchEvent(new Event('pagehide'));
    expect(save.mock.calls).toEqual([[5], [7]]);
    unmount();
    // Hidden, then gone: the point is saved again as the player goes away, never after.
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(RESUME_SAVE_INTERVAL_MS);
    expect(save.mock.calls).toEqual([[5], [7], [7]]);
  });

  it('a playback the engine left (a zap, a retry) is saved once, and the next starts from nothing', () => {
    const save = vi.fn();
    const { result, unmount } = renderHook(() => useResume(save));
    result.current.update(at(50, false));
    result.current.leave();
    unmount();
    expect(save.mock.calls).toEqual([[50]]);
  });

  it('saves to the latest callback the page gave', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { result, rerender } = renderHook(({ save }) => useResume(save), { initialProps: { save: first } });
    rerender({ save: latest });
    result.current.update(at(20, false));
    result.current.update(at(21, true));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(21);
  });
});
