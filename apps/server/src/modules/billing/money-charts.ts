import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { daysTable, perDay, type DayRange } from '../../lib/day-series';

/** One amount series per currency (or per offer and currency): cents, never summed across currencies. */
export interface AmountSeries {
  key: string;
  name: string;
  currency: string;
  values: number[];
}

export interface MoneyByDay {
  /** Subscriptions giving access at the end of the day (trials included). */
  activeSubscribers: number[];
  /** Subscriptions created that day. */
  signUps: number[];
  /** Subscriptions unsubscribed that day (they keep their access to the end of the term). */
  cancellations: number[];
  /** Monthly recurring revenue at the end of the day, per offer, in cents of a month. */
  mrr: AmountSeries[];
  /** Renewal charges that went through, and those the provider refused (ledger). */
  renewals: number[];
  refusals: number[];
  /** Refunds (ledger lines) and what they gave back, per currency. */
  refunds: number[];
  refunded: AmountSeries[];
}

/** A month's share of one term: a weekly price times 52/12, a price of N months divided by N. */
function monthlyShare(unit: string, count: number): number {
  const terms = Math.max(1, count);
  return unit === 'Week' ? 52 / 12 / terms : 1 / terms;
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * The finance charts (decision 091): counted per UTC day in SQL that runs alike on SQLite and
 * PostgreSQL, from the subscriptions and the ledger (decision 025), read by the console through
 * billing's front door.
 */
export function createMoneyCharts(db: Kysely<Database>) {
  async function countPerDay(range: DayRange, column: 'created_at' | 'cancelled_at') {
    const day = sql<string>`substr(${sql.ref(column)}, 1, 10)`;
    const rows = await db
      .selectFrom('subscriptions')
      .select([day.as('day'), (eb) => eb.fn.countAll().as('n')])
      .where(column, '>=', range.start)
      .where(column, '<', range.end)
      .groupBy(day)
      .execute();
    return perDay(range, rows, (row) => row.n) as number[];
  }

  return {
    async byDay(range: DayRange): Promise<MoneyByDay> {
      const active = await sql<{ day: string; n: unknown }>`
        WITH ${daysTable(range)}
        SELECT days.day AS day, COUNT(s.id) AS n
        FROM days LEFT JOIN subscriptions s
          ON s.created_at < days.day_end AND s.expiration_date >= days.day_end
        GROUP BY days.day`.execute(db);

      // Revenue that renews: access at the day's end, not unsubscribed by then, past its trial.
      const recurring = await sql<{
        day: string;
        offer_id: number;
        name: string;
        duration_unit: string;
        duration_count: number;
        currency: string;
        cents: unknown;
      }>`
        WITH ${daysTable(range)}
        SELECT days.day AS day, o.id AS offer_id, o.name AS name, o.duration_unit AS duration_unit,
          o.duration_count AS duration_count, COALESCE(s.currency, o.currency) AS currency,
          SUM(COALESCE(s.price_cents, o.price_cents)) AS cents
        FROM days
          JOIN subscriptions s ON s.created_at < days.day_end AND s.expiration_date >= days.day_end
            AND (s.cancelled_at IS NULL OR s.cancelled_at >= days.day_end)
            AND (s.trial_ends_at IS NULL OR s.trial_ends_at < days.day_end)
          JOIN offers o ON o.id = s.offer_id
        GROUP BY days.day, o.id, o.name, o.duration_unit, o.duration_count, COALESCE(s.currency, o.currency)`.execute(
        db,
      );
      const mrr = new Map<string, AmountSeries>();
      for (const row of recurring.rows) {
        const key = `${row.offer_id}:${row.currency}`;
        const series = mrr.get(key) ?? {
          key: `offer-${row.offer_id}-${row.currency}`,
          name: row.name,
          currency: row.currency,
          values: range.days.map(() => 0),
        };
        series.values[range.days.indexOf(row.day)] = Math.round(
          num(row.cents) * monthlyShare(row.duration_unit, Number(row.duration_count)),
        );
        mrr.set(key, series);
      }

      const day = sql<string>`substr(created_at, 1, 10)`;
      const ledger = await db
        .selectFrom('billing_ledger')
        .select([
          day.as('day'),
          'entry',
          'currency',
          (eb) => eb.fn.countAll().as('n'),
          (eb) => eb.fn.sum('amount_cents').as('cents'),
        ])
        .where('entry', 'in', ['Renewed', 'ChargeFailed', 'Refunded'])
        .where('created_at', '>=', range.start)
        .where('created_at', '<', range.end)
        .groupBy([day, 'entry', 'currency'])
        .execute();
      const entryCount = (entry: string) =>
        range.days.map((d) =>
          ledger.filter((row) => row.day === d && row.entry === entry).reduce((sum, row) => sum + num(row.n), 0),
        );
      const refunded = new Map<string, AmountSeries>();
      for (const row of ledger.filter((line) => line.entry === 'Refunded')) {
        const series = refunded.get(row.currency) ?? {
          key: `refunded-${row.currency}`,
          name: row.currency,
          currency: row.currency,
          values: range.days.map(() => 0),
        };
        // The ledger writes money back as negative amounts; the chart shows what was given back.
        series.values[range.days.indexOf(row.day)] = -num(row.cents);
        refunded.set(row.currency, series);
      }

      return {
        activeSubscribers: perDay(range, active.rows, (row) => row.n) as number[],
        signUps: await countPerDay(range, 'created_at'),
        cancellations: await countPerDay(range, 'cancelled_at'),
        mrr: [...mrr.values()].sort((a, b) => a.name.localeCompare(b.name) || a.currency.localeCompare(b.currency)),
        renewals: entryCount('Renewed'),
        refusals: entryCount('ChargeFailed'),
        refunds: entryCount('Refunded'),
        refunded: [...refunded.values()],
      };
    },
  };
}
export type MoneyCharts = ReturnType<typeof createMoneyCharts>;
