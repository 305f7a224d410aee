import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResumeSaver, RESUME_SAVE_INTERVAL_MS } from './resume-saver';
import { playerState as state } from './testing';

const playing = (currentTime: number) => state({ currentTime });
const paused = (currentTime: number) => state({ currentTime, paused: true });

describe('spec 2 §4 Resume: when the player stops, the playback time is saved', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves when a playing video pauses, once, not for each state while paused', () => {
    const save = vi.fn();
    const saver = createResumeSaver(save);
    saver.update(playing(40));
    saver.update(paused(42));
    saver.update(paused(42));
    expect(save.mock.calls).toEqual([[42]]);
  });

  it('saves the whole duration when the video ends, once', () => {
    const save = vi.fn();
    const saver = createResumeSaver(save);
    saver.update(playing(598));
    saver.update(state({ currentTime: 600, paused: true, ended: true }));
    saver.update(state({ currentTime: 600, paused: true, ended: true }));
    expect(save.mock.calls).toEqual([[600]]);
  });

  it('saves every 10 s while playing, and not while paused', () => {
    const save = vi.fn();
    const saver = createResumeSaver(save);
    saver.start();
    saver.update(playing(5));
    vi.advanceTimersByTime(RESUME_SAVE_INTERVAL_MS);
    expect(save.mock.calls).toEqual([[5]]);
    saver.update(playing(15));
    vi.advanceTimersByTime(RESUME_SAVE_INTERVAL_MS);
    expect(save.mock.calls).toEqual([[5], [15]]);
    saver.update(paused(17));
    save.mockClear();
    vi.advanceTimersByTime(3 * RESUME_SAVE_INTERVAL_MS);
    expect(save).not.toHaveBeenCalled();
    saver.stop();
  });

  it('saves when the player goes away, whether playing or paused, and only once', () => {
    const save = vi.fn();
    const saver = createResumeSaver(save);
    saver.start();
    saver.update(playing(50));
    saver.stop();
    saver.stop();
    expect(save.mock.calls).toEqual([[50]]);
    // Gone, it saves no more every 10 s.
    vi.advanceTimersByTime(3 * RESUME_SAVE_INTERVAL_MS);
    expect(save.mock.calls).toEqual([[50]]);

    // Paused, then moved on while paused: leaving saves where it now stands.
    const later = vi.fn();
    const other = createResumeSaver(later);
    other.update(playing(10));
    other.update(paused(12));
    other.update(paused(90));
    other.stop();
    expect(later.mock.calls).toEqual([[12], [90]]);
  });

  it('saves nothing more when the player goes away after the end (the end was saved)', () => {
    const save = vi.fn();
    const saver = createResumeSaver(save);
    saver.update(playing(599));
    saver.update(state({ currentTime: 600, paused: true, ended: true }));
    saver.stop();
    expect(save.mock.calls).toEqual([[600]]);
  });

  it('does not save a glance under a second, on pause, every 10 s or when leaving', () => {
    const save = vi.fn();
    const saver = createResumeSaver(save);
    saver.start();
    saver.update(playing(0.4));
    vi.advanceTimersByTime(RESUME_SAVE_INTERVAL_MS);
    saver.update(paused(0.5));
    saver.leave();
    saver.stop();
    expect(save).not.toHaveBeenCalled();
  });

  it('a state before the first frame (time 0) keeps the time already played', () => {
    const save = vi.fn();
    const saver = createResumeSaver(save);
    saver.update(playing(42));
    saver.update(state({ currentTime: 0, loading: true }));
    saver.leave();
    expect(save.mock.calls).toEqual([[42]]);
  });

  it('the page hidden saves where playback stands, and the 10 s saves go on if it comes back', () => {
    const save = vi.fn();
    const saver = createResumeSaver(save);
    saver.start();
    saver.update(playing(30));
    saver.leave();
    expect(save.mock.calls).toEqual([[30]]);
    saver.update(playing(33));
    vi.advanceTimersByTime(RESUME_SAVE_INTERVAL_MS);
    expect(save.mock.calls).toEqual([[30], [33]]);
    saver.stop();
  });

  it('another item in the same player (a zap) starts from nothing: the one before is saved, not carried over', () => {
    const save = vi.fn();
    const saver = createResumeSaver(save);
    saver.start();
    saver.update(playing(30));
    saver.leave();
    saver.reset();
    expect(save.mock.calls).toEqual([[30]]);
    // The new item has not played yet: nothing of the previous one is saved for it.
    vi.advanceTimersByTime(RESUME_SAVE_INTERVAL_MS);
    saver.stop();
    expect(save.mock.calls).toEqual([[30]]);
  });

  it('an ended item replaced by the next one saves the next one as it plays', () => {
    const save = vi.fn();
    const saver = createResumeSaver(save);
    saver.update(state({ currentTime: 600, paused: true, ended: true }));
    saver.leave();
    saver.reset();
    saver.update(playing(8));
    saver.update(paused(9));
    expect(save.mock.calls).toEqual([[600], [9]]);
  });
});
