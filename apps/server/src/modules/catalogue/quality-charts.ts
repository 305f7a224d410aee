import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { perDay, type DayRange } from '../../lib/day-series';

export interface QualityByDay {
  /** Plays that started (`play_start` reports). */
  plays: number[];
  /** Start-up time of those plays, nearest-rank percentiles in ms; null on a day without one. */
  startupP50: (number | null)[];
  startupP90: (number | null)[];
  /** Stalls (`rebuffer` reports), and stalls per started play (null without a play). */
  stalls: number[];
  stallsPerPlay: (number | null)[];
  /** Playback errors reported by the players. */
  errors: number[];
}

/**
 * The players' quality reports on the event log (migration 007, decision 088) counted per UTC day
 * for the console's health charts (decision 091). The percentiles are nearest-rank, from window
 * functions both SQLite and PostgreSQL have (neither's percentile function is the other's).
 */
export function createQualityCharts(db: Kysely<Database>) {
  return {
    async byDay(range: DayRange): Promise<QualityByDay> {
      const day = sql<string>`substr(created_at, 1, 10)`;
      const counts = await db
        .selectFrom('event_logs')
        .select([day.as('day'), 'event', (eb) => eb.fn.countAll().as('n')])
        .where('event', 'in', ['play_start', 'rebuffer', 'error'])
        .where('created_at', '>=', range.start)
        .where('created_at', '<', range.end)
        .groupBy([day, 'event'])
        .execute();
      const startup = await sql<{ day: string; p50: unknown; p90: unknown }>`
        WITH ranked AS (
          SELECT substr(created_at, 1, 10) AS day, value_ms,
            ROW_NUMBER() OVER (PARTITION BY substr(created_at, 1, 10) ORDER BY value_ms) AS rn,
            COUNT(*) OVER (PARTITION BY substr(created_at, 1, 10)) AS n
          FROM event_logs
          WHERE event = 'play_start' AND value_ms IS NOT NULL
            AND created_at >= ${range.start} AND created_at < ${range.end}
        )
        SELECT day, MIN(CASE WHEN rn * 100 >= n * 50 THEN value_ms END) AS p50,
          MIN(CASE WHEN rn * 100 >= n * 90 THEN value_ms END) AS p90
        FROM ranked GROUP BY day`.execute(db);
      const of = (event: string) =>
        perDay(
          range,
          counts.filter((row) => row.event === event),
          (row) => row.n,
        ) as number[];
      const plays = of('play_start');
      const stalls = of('rebuffer');
      return {
        plays,
        startupP50: perDay(range, startup.rows, (row) => row.p50, null),
        startupP90: perDay(range, startup.rows, (row) => row.p90, null),
        stalls,
        stallsPerPlay: plays.map((n, i) => (n ? Math.round((stalls[i]! / n) * 100) / 100 : null)),
        errors: of('error'),
      };
    },
  };
}
export type QualityCharts = ReturnType<typeof createQualityCharts>;
