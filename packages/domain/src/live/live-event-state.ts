// Live event state (spec 2 §4). Durations are in seconds, like content durations.

export type LiveEventState = 'Pending' | 'Processing' | 'Past';

export interface LiveEventTiming {
  dateScheduled: Date | string | number;
  /** Seconds. */
  duration: number;
  /** Seconds before the start at which the event already counts as running. */
  leadTimeSeconds?: number;
}

const toMs = (date: Date | string | number): number => new Date(date).getTime();

/**
 * Exactly the spec's rule: Processing when start - lead < now and end > now; Past when
 * end < now; Pending otherwise. At the very instant now === end neither strict test holds, so
 * that single millisecond reads Pending, as the spec words it.
 */
export function liveEventState(event: LiveEventTiming, now: Date | number): LiveEventState {
  const start = toMs(event.dateScheduled);
  const end = start + event.duration * 1000;
  const at = toMs(now);
  const lead = (event.leadTimeSeconds ?? 0) * 1000;
  if (start - lead < at && end > at) return 'Processing';
  if (end < at) return 'Past';
  return 'Pending';
}

/**
 * Whole seconds until the start, never negative. Rounded up so the countdown reaches 0 only
 * when the event starts.
 */
export function countdownSeconds(dateScheduled: Date | string | number, now: Date | number): number {
  const seconds = Math.ceil((toMs(dateScheduled) - toMs(now)) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}
