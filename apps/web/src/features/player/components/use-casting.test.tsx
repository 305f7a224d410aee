import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCasting } from './use-casting';

/** A Remote Playback API stand-in the test drives (availability, connection state). */
function fakeRemote() {
  const target = new EventTarget();
  let report: ((available: boolean) => void) | null = null;
  const remote = Object.assign(target, {
    state: 'disconnected' as 'disconnected' | 'connecting' | 'connected',
    watchAvailability: vi.fn(async (callback: (available: boolean) => void) => {
      report = callback;
      return 1;
    }),
    cancelWatchAvailability: vi.fn(async () => {}),
    prompt: vi.fn(async () => {}),
  });
  const video = Object.assign(document.createElement('video'), { remote });
  return { remote, video, available: (value: boolean) => act(() => report?.(value)) };
}

describe('casting (spec 2 §2 cast buttons, §4 casting states can cast / loading / casting)', () => {
  it('shows nothing until a device is available, then follows the connection', async () => {
    const { remote, video, available } = fakeRemote();
    const { result } = renderHook(() => useCasting({ current: video }, 'a'));
    await act(async () => {});
    expect(result.current.state).toBe('unavailable');
    available(true);
    expect(result.current.state).toBe('can-cast');
    result.current.prompt();
    expect(remote.prompt).toHaveBeenCalled();
    remote.state = 'connecting';
    act(() => void remote.dispatchEvent(new Event('connecting')));
    expect(result.current.state).toBe('loading');
    remote.state = 'connected';
    act(() => void remote.dispatchEvent(new Event('connect')));
    expect(result.current.state).toBe('casting');
  });

  it('the icon animates its frames 0 to 2 every 500 ms while connecting (spec 2 §9)', async () => {
    vi.useFakeTimers();
    try {
      const { remote, video, available } = fakeRemote();
      const { result } = renderHook(() => useCasting({ current: video }, 'a'));
      await act(async () => {});
      available(true);
      remote.state = 'connecting';
      act(() => void remote.dispatchEvent(new Event('connecting')));
      const frames = [result.current.frame];
      for (let i = 0; i < 3; i++) {
        act(() => void vi.advanceTimersByTime(500));
        frames.push(result.current.frame);
      }
      expect(frames).toEqual([0, 1, 2, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a browser without the API shows no button', async () => {
    const { result } = renderHook(() => useCasting({ current: document.createElement('video') }, 'a'));
    await act(async () => {});
    expect(result.current.state).toBe('unavailable');
  });
});
