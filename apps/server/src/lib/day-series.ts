import { sql, type RawBuilder } from 'kysely';

/** The console's charts count per UTC day (decision 091): `YYYY-MM-DD` keys, from and to included. */
export interface DayRange {
  days: string[];
  /** `from` at 00:00 UTC and the day after `to` at 00:00 UTC, as stored times compare (ISO text). */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

export function dayRangeOf(from: string, to: string): DayRange {
  const first = Date.parse(`${from}T00:00:00.000Z`);
  const last = Date.parse(`${to}T00:00:00.000Z`);
  const days: string[] = [];
  for (let at = first; at <= last; at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return { days, start: new Date(first).toISOString(), end: new Date(last + DAY_MS).toISOString() };
}

/**
 * The days as a table `days(day, day_end)` for a WITH clause, `day_end` the next midnight as ISO
 * text: a VALUES list works alike on SQLite and PostgreSQL (neither's date series function is the
 * other's), and 366 rows stay far below SQLite's limits. Cast to text so PostgreSQL types the
 * parameters as the stored times are typed.
 */
export function daysTable(range: DayRange): RawBuilder<unknown> {
  const rows = range.days.map(
    (day) =>
      sql`(CAST(${day} AS TEXT), CAST(${new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString()} AS TEXT))`,
  );
  return sql`days(day, day_end) AS (VALUES ${sql.join(rows)})`;
}

/** Values per day from rows `{ day, value }`, 0 for a day without a row. */
export function perDay<R extends { day: string }>(
  range: DayRange,
  rows: readonly R[],
  value: (row: R) => unknown,
  missing: number | null = 0,
): (number | null)[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return range.days.map((day) => {
    const row = byDay.get(day);
    if (!row) return missing;
    const found = value(row);
    return found === null || found === undefined ? missing : Number(found);
  });
}
