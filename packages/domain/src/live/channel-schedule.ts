// A live channel's current programme (spec 2 §4).

/** Schedules refresh every 10 s (spec 2 §4, §9). */
export const SCHEDULE_REFRESH_MS = 10_000;

export interface ScheduleEntry {
  dateScheduled: Date | string | number;
  /** Seconds. */
  duration: number;
}

/** The entry whose start is at or before now and whose end is at or after now; null if none. */
export function currentScheduleEntry<T extends ScheduleEntry>(schedules: readonly T[], now: Date | number): T | null {
  const at = new Date(now).getTime();
  return (
    schedules.find((entry) => {
      const start = new Date(entry.dateScheduled).getTime();
      return start <= at && start + entry.duration * 1000 >= at;
    }) ?? null
  );
}
