import { forwardTarget, rewindTarget } from '@playz/domain';
import type { PlayerState } from '@playz/player';

/**
 * Where a left / right press goes (spec 2 §9 seek rules, 10 s steps), counted inside the seekable
 * window: the whole film, or the live window of a channel.
 */
export function seekTarget(state: Pick<PlayerState, 'currentTime' | 'seekStart' | 'seekEnd'>, direction: -1 | 1) {
  const { currentTime, seekStart, seekEnd } = state;
  const offset = currentTime - seekStart;
  return seekStart + (direction < 0 ? rewindTarget(offset) : forwardTarget(offset, seekEnd - seekStart));
}

/** The seekable window as a 0-1 ratio of `time` (for the bar and the thumbnail). */
export function seekRatio(state: Pick<PlayerState, 'seekStart' | 'seekEnd'>, time: number): number {
  const span = state.seekEnd - state.seekStart;
  return span > 0 ? Math.min(1, Math.max(0, (time - state.seekStart) / span)) : 0;
}

/** The quality choices the player offers: Auto, then each height of the stream, highest first. */
export function qualityChoices(heights: readonly number[]): ('auto' | number)[] {
  return ['auto', ...[...new Set(heights)].sort((a, b) => b - a)];
}

/** The next choice of the quality button (OK cycles through them). */
export function nextQuality(current: 'auto' | number, heights: readonly number[]): 'auto' | number {
  const choices = qualityChoices(heights);
  const index = choices.indexOf(current);
  return choices[(index + 1) % choices.length] ?? 'auto';
}
