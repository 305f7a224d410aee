import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useQualityEvents } from './use-quality-events';

// Beyond the spec: start-up time and stalls go to /event/log for the operator's quality of experience.
function videoIn(state: { paused: boolean; readyState: number }) {
  const video = document.createElement('video');
  Object.defineProperty(video, 'paused', { get: () => state.paused });
  Object.defineProperty(video, 'readyState', { get: () => state.readyState });
  return video;
}

describe('useQualityEvents', () => {
  it('reports the start-up time at the first frame, then each stall', () => {
    const video = videoIn({ paused: true, readyState: 0 });
    const onQuality = vi.fn();
    const onFirstFrame = vi.fn();
    renderHook(() => useQualityEvents({ current: video }, 'film-1', onQuality, onFirstFrame));
    expect(onQuality).not.toHaveBeenCalled();
    video.dispatchEvent(new Event('playing'));
    expect(onQuality).toHaveBeenCalledWith({ event: 'play_start', valueMs: expect.any(Number) });
    video.dispatchEvent(new Event('waiting'));
    video.dispatchEvent(new Event('playing'));
    expect(onQuality).toHaveBeenLastCalledWith({ event: 'rebuffer', valueMs: expect.any(Number) });
    expect(onFirstFrame).toHaveBeenCalledTimes(2);
  });

  it('an element already playing (an opening taken over, decision 044) started with no load: 0 ms', () => {
    const video = videoIn({ paused: false, readyState: 4 });
    const onQuality = vi.fn();
    renderHook(() => useQualityEvents({ current: video }, 'film-1', onQuality, () => {}));
    expect(onQuality).toHaveBeenCalledWith({ event: 'play_start', valueMs: 0 });
    video.dispatchEvent(new Event('playing'));
    expect(onQuality).toHaveBeenCalledTimes(1);
  });
});
