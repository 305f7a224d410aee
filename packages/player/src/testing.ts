import { vi } from 'vitest';
import type { Openings } from './openings';
import type { PlayerState } from './player';

/**
 * For tests of what drives the openings (the web's links, the TV's Play, the shared intent):
 * openings that record the keys prepared and launch any key at once into `launched`.
 */
export function recordingOpenings() {
  const prepared: string[] = [];
  const launched = document.createElement('video');
  const openings: Openings = {
    prepare: (key) => void prepared.push(key),
    launch: vi.fn((_key: string, place: (video: HTMLVideoElement) => void) => {
      place(launched);
      return true;
    }),
    take: () => null,
    pending: () => false,
    settled: async () => {},
    drop: vi.fn(),
  };
  return { openings, prepared, launched };
}

/** A player state as the engine reports it (a 10-minute VOD playing from the start), with `patch` over it. */
export function playerState(patch: Partial<PlayerState> = {}): PlayerState {
  return {
    paused: false,
    loading: false,
    seeking: false,
    muted: false,
    ended: false,
    currentTime: 0,
    duration: 600,
    quality: 'auto',
    activeHeight: null,
    live: false,
    seekStart: 0,
    seekEnd: 600,
    ...patch,
  };
}
