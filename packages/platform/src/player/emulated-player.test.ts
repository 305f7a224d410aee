import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmulatedPlayer } from './emulated-player';
import { NativePlayerStateError, type NativePlayerState } from './native-player';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('emulated native player (spec 2 §4 emulated player states, §9 demo emulator 200 ms)', () => {
  it('NONE → IDLE → BUFFERING, then READY → PLAYING 200 ms later, not before', () => {
    const player = createEmulatedPlayer();
    const seen: NativePlayerState[] = [];
    player.onStateChange((s) => seen.push(s));
    expect(player.state).toBe('NONE');
    player.open('https://cdn.example/clip.m3u8', { durationSeconds: 60 });
    vi.advanceTimersByTime(199);
    expect(player.state).toBe('BUFFERING');
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['IDLE', 'BUFFERING', 'READY', 'PLAYING']);
  });

  it('the position runs while PLAYING, stops while PAUSED, and the source ENDS at its duration', () => {
    const player = createEmulatedPlayer();
    player.open('clip.mp4', { durationSeconds: 10 });
    vi.advanceTimersByTime(200 + 4000);
    expect(player.position()).toBeCloseTo(4, 5);
    player.pause();
    vi.advanceTimersByTime(3000);
    expect(player.state).toBe('PAUSED');
    expect(player.position()).toBeCloseTo(4, 5);
    player.play();
    vi.advanceTimersByTime(5999);
    expect(player.state).toBe('PLAYING');
    vi.advanceTimersByTime(1);
    expect(player.state).toBe('ENDED');
    expect(player.position()).toBe(10);
  });

  it('seek while playing buffers 200 ms again; seek while paused stays paused at the new position', () => {
    const player = createEmulatedPlayer();
    player.open('clip.mp4', { durationSeconds: 100 });
    vi.advanceTimersByTime(200);
    player.seek(50);
    expect(player.state).toBe('BUFFERING');
    vi.advanceTimersByTime(200);
    expect(player.state).toBe('PLAYING');
    player.pause();
    player.seek(500);
    expect(player.state).toBe('PAUSED');
    expect(player.position()).toBe(100);
  });

  it('stop goes back to IDLE at 0, close to NONE; acting without a source is a clear error', () => {
    const player = createEmulatedPlayer();
    expect(() => player.play()).toThrow(NativePlayerStateError);
    player.open('clip.mp4', { startAt: 30 });
    vi.advanceTimersByTime(200);
    player.stop();
    expect(player.state).toBe('IDLE');
    expect(player.position()).toBe(0);
    expect(() => player.seek(3)).toThrow(/cannot seek in state IDLE/);
    player.close();
    expect(player.state).toBe('NONE');
    expect(() => player.open('')).toThrow(NativePlayerStateError);
  });
});
