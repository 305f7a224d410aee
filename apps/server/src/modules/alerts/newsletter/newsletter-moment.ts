const DAY_MS = 86_400_000;
const PARIS = 'Europe/Paris';

/** The offset of Paris time from UTC at `at`, in minutes (60 in winter, 120 in summer). */
function parisOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: PARIS, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The Paris calendar date of `at`, and its weekday (0 Sunday … 6 Saturday). */
function parisDate(at: Date): { date: string; weekday: number } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: PARIS, dateStyle: 'short' }).format(at);
  return { date, weekday: new Date(`${date}T12:00:00Z`).getUTCDay() };
}

/**
 * The latest moment at or before `now` that falls on `weekday` at `hour` o'clock in Paris (the
 * service's audience, decision 067), and its Paris date, which names that week's newsletter.
 */
export function latestParisMoment(now: Date, weekday: number, hour: number): { at: Date; date: string } {
  for (let back = 0; back <= 7; back += 1) {
    const { date, weekday: day } = parisDate(new Date(now.getTime() - back * DAY_MS));
    if (day !== weekday) continue;
    const local = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
    const at = new Date(local.getTime() - parisOffsetMinutes(local) * 60_000);
    if (at.getTime() <= now.getTime()) return { at, date };
  }
  // Today is the weekday but before the hour: last week's.
  const { date } = parisDate(new Date(now.getTime() - 7 * DAY_MS));
  const local = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  return { at: new Date(local.getTime() - parisOffsetMinutes(local) * 60_000), date };
}
