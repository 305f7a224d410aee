import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { perDay, type DayRange } from '../../lib/day-series';

export interface AudienceByDay {
  pageViews: number[];
  /** Distinct measurement visitors (`_pa_id`) and visits (`_pa_vis`) that day (decision 088). */
  visitors: number[];
  visits: number[];
}

/** The first-party audience (page_views) per UTC day, for the console's health charts (decision 091). */
export function createAudienceCharts(db: Kysely<Database>) {
  return {
    async byDay(range: DayRange): Promise<AudienceByDay> {
      const day = sql<string>`substr(created_at, 1, 10)`;
      const rows = await db
        .selectFrom('page_views')
        .select([
          day.as('day'),
          (eb) => eb.fn.countAll().as('views'),
          (eb) => eb.fn.count('visitor_id').distinct().as('visitors'),
          (eb) => eb.fn.count('visit_id').distinct().as('visits'),
        ])
        .where('created_at', '>=', range.start)
        .where('created_at', '<', range.end)
        .groupBy(day)
        .execute();
      return {
        pageViews: perDay(range, rows, (row) => row.views) as number[],
        visitors: perDay(range, rows, (row) => row.visitors) as number[],
        visits: perDay(range, rows, (row) => row.visits) as number[],
      };
    },
  };
}
export type AudienceCharts = ReturnType<typeof createAudienceCharts>;
