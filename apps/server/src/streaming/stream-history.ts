import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DayRange } from '../lib/day-series';
import type { CountsByKind, DeviceLeaseStore } from './device-lease-store';

/** Hours kept (decision 116): the console's longest range (366 days) and a margin; older ones are purged. */
export const STREAM_HISTORY_DAYS = 400;
/** Ranges up to this many days are charted per hour, longer ones per day (decision 116). */
export const HOURLY_MAX_DAYS = 7;

const DAY_MS = 86_400_000;
const minuteOf = (at: Date) => at.toISOString().slice(0, 16);
const hourOf = (at: Date) => at.toISOString().slice(0, 13);

export interface StreamsOverTime {
  /** The UTC hours (`YYYY-MM-DDTHH:00`) or days (`YYYY-MM-DD`) charted, oldest first. */
  points: string[];
  step: 'hour' | 'day';
  /** The most streams in one sample of the point, every kind added; null: no sample. */
  peak: (number | null)[];
  /** The streams of the point's samples on average, to a tenth. */
  average: (number | null)[];
  /** Each kind's own most streams in one sample of the point. */
  vod: (number | null)[];
  live: (number | null)[];
  event: (number | null)[];
}

interface Hour {
  samples: number;
  peak: number;
  average: number;
  vod: number;
  live: number;
  event: number;
}

/**
 * The concurrent streams' history (decision 116): a sample each minute of the unexpired device
 * leases by kind, folded into one row per UTC hour and scope, read back per hour or per day for
 * the console's health charts. `shared` says whether the lease store is the deployment's (Redis:
 * every node sees every lease, so the scope is `deployment` and a minute is folded in once) or
 * this process's (each node samples its own leases under its own scope; an hour's scopes are
 * added when read).
 */
export function createStreamHistory(deps: {
  db: Kysely<Database>;
  store: DeviceLeaseStore;
  shared: boolean;
  now: () => Date;
  keepDays?: number;
}) {
  const scope = deps.shared ? 'deployment' : `node:${randomUUID()}`;
  const keepDays = deps.keepDays ?? STREAM_HISTORY_DAYS;

  /** The hours of the range, each scope's row added: peaks and averages of the scopes summed. */
  async function hoursOf(range: DayRange): Promise<Map<string, Hour>> {
    const rows = await deps.db
      .selectFrom('stream_hours')
      .select(['hour', 'samples', 'peak', 'total', 'peak_vod', 'peak_live', 'peak_event'])
      .where('hour', '>=', range.start.slice(0, 13))
      .where('hour', '<', range.end.slice(0, 13))
      .execute();
    const hours = new Map<string, Hour>();
    for (const row of rows) {
      const hour = hours.get(row.hour) ?? { samples: 0, peak: 0, average: 0, vod: 0, live: 0, event: 0 };
      // Scopes are separate nodes' streams (without Redis): they add up. Their peaks may fall on
      // different minutes, so an hour of several scopes has an upper bound for its peak.
      hour.samples = Math.max(hour.samples, Number(row.samples));
      hour.peak += Number(row.peak);
      hour.average += Number(row.total) / Number(row.samples);
      hour.vod += Number(row.peak_vod);
      hour.live += Number(row.peak_live);
      hour.event += Number(row.peak_event);
      hours.set(row.hour, hour);
    }
    return hours;
  }

  const tenth = (n: number) => Math.round(n * 10) / 10;

  return {
    scope,
    /**
     * Samples this minute's streams into its hour's row and drops the hours past the kept days.
     * A second sample of a minute already folded in (a run delivered twice, two nodes on one
     * Redis) changes nothing.
     */
    async sample(): Promise<{ minute: string; counts: CountsByKind; purged: number }> {
      const at = deps.now();
      const minute = minuteOf(at);
      const counts = await deps.store.activeByKind(at.getTime());
      const all = counts.vod + counts.live + counts.event;
      // CASE rather than max(a, b) (SQLite) or GREATEST (PostgreSQL): the same text on both.
      const larger = (column: 'peak' | 'peak_vod' | 'peak_live' | 'peak_event') =>
        sql<number>`CASE WHEN excluded.${sql.ref(column)} > stream_hours.${sql.ref(column)} THEN excluded.${sql.ref(column)} ELSE stream_hours.${sql.ref(column)} END`;
      await deps.db
        .insertInto('stream_hours')
        .values({
          ...{ hour: hourOf(at), scope, samples: 1, last_minute: minute, peak: all, total: all },
          ...{ peak_vod: counts.vod, peak_live: counts.live, peak_event: counts.event },
        })
        .onConflict((oc) =>
          oc
            .columns(['hour', 'scope'])
            .doUpdateSet({
              samples: sql`stream_hours.samples + 1`,
              last_minute: sql`excluded.last_minute`,
              total: sql`stream_hours.total + excluded.total`,
              peak: larger('peak'),
              peak_vod: larger('peak_vod'),
              peak_live: larger('peak_live'),
              peak_event: larger('peak_event'),
            })
            .where(sql<boolean>`stream_hours.last_minute < excluded.last_minute`),
        )
        .execute();
      // A range delete on the key's first column: a row or none once an hour.
      const purged = await deps.db
        .deleteFrom('stream_hours')
        .where('hour', '<', hourOf(new Date(at.getTime() - keepDays * DAY_MS)))
        .executeTakeFirst();
      return { minute, counts, purged: Number(purged.numDeletedRows) };
    },

    /** The range per hour (up to HOURLY_MAX_DAYS days) or per day; null where nothing was sampled. */
    async over(range: DayRange): Promise<StreamsOverTime> {
      const hours = await hoursOf(range);
      if (range.days.length <= HOURLY_MAX_DAYS) {
        const points = range.days.flatMap((day) =>
          Array.from({ length: 24 }, (_, h) => `${day}T${String(h).padStart(2, '0')}`),
        );
        const of = (field: keyof Hour, round = (n: number) => n) =>
          points.map((point) => {
            const hour = hours.get(point);
            return hour ? round(hour[field]) : null;
          });
        return {
          points: points.map((point) => `${point}:00`),
          step: 'hour',
          ...{ peak: of('peak'), average: of('average', tenth) },
          ...{ vod: of('vod'), live: of('live'), event: of('event') },
        };
      }
      // A day: its hours' highest peaks, and their averages weighed by the samples each hour had.
      const days = new Map<string, Hour & { weighed: number }>();
      for (const [point, hour] of hours) {
        const day = days.get(point.slice(0, 10)) ?? {
          samples: 0,
          peak: 0,
          average: 0,
          vod: 0,
          live: 0,
          event: 0,
          weighed: 0,
        };
        day.samples += hour.samples;
        day.weighed += hour.average * hour.samples;
        day.peak = Math.max(day.peak, hour.peak);
        day.vod = Math.max(day.vod, hour.vod);
        day.live = Math.max(day.live, hour.live);
        day.event = Math.max(day.event, hour.event);
        days.set(point.slice(0, 10), day);
      }
      const of = (value: (day: Hour & { weighed: number }) => number) =>
        range.days.map((point) => {
          const day = days.get(point);
          return day ? value(day) : null;
        });
      return {
        points: range.days,
        step: 'day',
        peak: of((d) => d.peak),
        average: of((d) => tenth(d.weighed / d.samples)),
        vod: of((d) => d.vod),
        live: of((d) => d.live),
        event: of((d) => d.event),
      };
    },
  };
}
export type StreamHistory = ReturnType<typeof createStreamHistory>;
