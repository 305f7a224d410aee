import { describe, expect, it, vi } from 'vitest';
import { watchQuality } from './quality-watch';

// Beyond the spec (decision 088): start-up time and stalls for the operator's quality of experience.
function fakeVideo(state: { paused: boolean; readyState: number; seeking?: boolean }) {
  const target = new EventTarget();
  Object.defineProperties(target, {
    paused: { get: () => state.paused },
    readyState: { get: () => state.readyState },
    seeking: { get: () => state.seeking ?? false },
  });
  return target as unknown as HTMLVideoElement;
}

describe('watchQuality: what a load’s first frame and stalls cost', () => {
  it('reports the start-up time at the first frame, then each stall’s length, not a seek’s wait', () => {
    let clock = 1000;
    const state = { paused: true, readyState: 0, seeking: false };
    const video = fakeVideo(state);
    const onQuality = vi.fn();
    const onFirstFrame = vi.fn();
    watchQuality(video, onQuality, onFirstFrame, () => clock);
    expect(onQuality).not.toHaveBeenCalled();
    clock = 1640;
    video.dispatchEvent(new Event('playing'));
    expect(onQuality).toHaveBeenLastCalledWith({ event: 'play_start', valueMs: 640 });
    video.dispatchEvent(new Event('waiting'));
    clock = 2840;
    video.dispatchEvent(new Event('playing'));
    expect(onQuality).toHaveBeenLastCalledWith({ event: 'rebuffer', valueMs: 1200 });
    state.seeking = true;
    video.dispatchEvent(new Event('waiting'));
    video.dispatchEvent(new Event('playing'));
    expect(onQuality).toHaveBeenCalledTimes(2);
    expect(onFirstFrame).toHaveBeenCalledTimes(3);
  });

  it('an element already playing (an opening taken over, decision 044) started with no load: 0 ms', () => {
    const onQuality = vi.fn();
    // A clock that moves at every read: the 0 is said, not timed.
    let clock = 0;
    watchQuality(fakeVideo({ paused: false, readyState: 4 }), onQuality, undefined, () => (clock += 4));
    expect(onQuality).toHaveBeenCalledWith({ event: 'play_start', valueMs: 0 });
  });

  it('reports nothing once stopped', () => {
    const video = fakeVideo({ paused: true, readyState: 0 });
    const onQuality = vi.fn();
    watchQuality(video, onQuality)();
    video.dispatchEvent(new Event('playing'));
    expect(onQuality).not.toHaveBeenCalled();
  });
});
