/**
 * Wall-clock times in the operator's time zone (decision 108): the console shows and takes the
 * guide's and the live events' times as Paris reads them, while the server stores UTC instants.
 * The offsets come from the runtime's time zone data (Intl), so summer time starts and ends on the
 * right Sundays without a table of our own.
 */

/** The operator's zone: the service is French (spec 2 §9 default locale and country fr). */
export const OPERATOR_TIME_ZONE = 'Europe/Paris';

const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows `timeZone` (an IANA name such as Europe/Paris). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    partsFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `instant` in `timeZone`: `date` YYYY-MM-DD and `time` HH:mm (24 h). */
export function zonedParts(instant: Date | number, timeZone: string): { date: string; time: string; seconds: number } {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(typeof instant === 'number' ? new Date(instant) : instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    seconds: Number(parts.second),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const { date, time, seconds } = zonedParts(instant, timeZone);
  const wall = Date.parse(`${date}T${time}:${String(seconds).padStart(2, '0')}Z`);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant (ms since 1970) at which `timeZone`'s wall clock reads `date` `time`. A time that
 * occurs twice (the hour before summer time ends) is its first occurrence; a time that does not
 * exist (the hour skipped when it starts) is read with the offset before the change, so 02:30 on
 * the last Sunday of March in Paris is 03:30 summer time.
 */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wall)) return Number.NaN;
  // Two tries: the offset one hour either side of the guess decides across a change.
  const before = zoneOffsetMs(wall - 3 * 3600_000, timeZone);
  const after = zoneOffsetMs(wall + 3 * 3600_000, timeZone);
  const first = wall - before;
  if (before === after) return first;
  const second = wall - after;
  // Ambiguous (both readings exist): the first occurrence, under the earlier offset.
  const readsAs = (instant: number) => {
    const parts = zonedParts(instant, timeZone);
    return parts.date === date && parts.time === time;
  };
  if (readsAs(first)) return Math.min(first, readsAs(second) ? second : first);
  if (readsAs(second)) return second;
  // Skipped by the change: the offset before it.
  return first;
}

/** The instants a day of `timeZone` begins and ends (23 or 25 hours on the days the clocks change). */
export function zonedDayBounds(date: string, timeZone: string): { from: number; to: number } {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);
  return { from: zonedInstant(date, '00:00', timeZone), to: zonedInstant(next, '00:00', timeZone) };
}
