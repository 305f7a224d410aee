// Seek, rewind, thumbnails and resume (spec 2 §4, §9). Positions and durations are in seconds.

export const SEEK_STEP_SECONDS = 10;
export const DEMO_EMULATOR_SEEK_STEP_SECONDS = 5;
/** Rewind restarts the item when less than this has been played (spec 2 §9). */
export const REWIND_RESTART_SECONDS = 15;
/** Forward works only when more than this remains (spec 2 §9). */
export const FORWARD_MIN_REMAINING_SECONDS = 15;

export function rewindTarget(position: number, step = SEEK_STEP_SECONDS): number {
  return position < REWIND_RESTART_SECONDS ? 0 : position - step;
}

export function canForward(position: number, duration: number): boolean {
  return duration - position > FORWARD_MIN_REMAINING_SECONDS;
}

/** Where forward lands; it stays put when forward is not allowed. */
export function forwardTarget(position: number, duration: number, step = SEEK_STEP_SECONDS): number {
  return canForward(position, duration) ? Math.min(position + step, duration) : position;
}

/** Seek-bar thumbnail percentages are rounded to tens (spec 2 §9). */
export function thumbnailPercentage(percentage: number): number {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(percentage) ? percentage : 0));
  return Math.round(clamped / 10) * 10;
}

/**
 * Percentage saved for the in-progress list: time / duration x 100 (spec 2 §4), kept within
 * 0-100 and 0 when the duration is unknown. Not rounded, as the spec gives the plain formula.
 */
export function resumePercentage(time: number, duration: number): number {
  if (!(duration > 0) || !Number.isFinite(time)) return 0;
  return Math.min(100, Math.max(0, (time / duration) * 100));
}
