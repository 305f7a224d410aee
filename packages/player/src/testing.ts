import { vi } from 'vitest';
import type { Openings } from './openings';

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
    drop: vi.fn(),
  };
  return { openings, prepared, launched };
}
