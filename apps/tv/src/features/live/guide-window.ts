import type { Schedule } from '@playz/api-contract';

/** The guide shows this much before now and after it; the grid scrolls within it. */
export const GUIDE_BEFORE_MS = 30 * 60 * 1000;
export const GUIDE_AFTER_MS = 3 * 3600 * 1000;
/** A 30-minute step of the time ruler. */
export const GUIDE_STEP_MS = 30 * 60 * 1000;

export interface GuideCell {
  schedule: Schedule;
  /** Position and width in the window, 0-1. */
  left: number;
  width: number;
  onAir: boolean;
}

/** The window's start: now minus the look-back, on a half hour so the ruler reads round times. */
export function guideStart(now: number): number {
  return Math.floor((now - GUIDE_BEFORE_MS) / GUIDE_STEP_MS) * GUIDE_STEP_MS;
}

/** A channel's programmes cut to the window [start, start + span), in order, with their place in it. */
export function guideCells(schedules: readonly Schedule[], start: number, span: number, now: number): GuideCell[] {
  const end = start + span;
  return schedules
    .map((schedule) => {
      const from = Date.parse(schedule.dateScheduled);
      return { schedule, from, to: from + schedule.duration * 1000 };
    })
    .filter(({ from, to }) => to > start && from < end)
    .sort((a, b) => a.from - b.from)
    .map(({ schedule, from, to }) => {
      const left = Math.max(from, start);
      const right = Math.min(to, end);
      return { schedule, left: (left - start) / span, width: (right - left) / span, onAir: from <= now && now < to };
    });
}
