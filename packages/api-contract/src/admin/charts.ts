import { z } from 'zod';
import { defineAdminEndpoint } from './admin-endpoint';

/** The longest range a chart call counts (a year and a day, so a leap year fits); 30 days by default. */
export const CHART_MAX_DAYS = 366;
export const CHART_DEFAULT_DAYS = 30;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const ChartRangeQuery = z.object({ from: Day.optional(), to: Day.optional() });

const ChartSchema = z.object({
  /** Which chart: the console names it in the viewer's language. */
  id: z.string(),
  unit: z.enum(['count', 'cents', 'ms', 'ratio']),
  series: z.array(
    z.object({
      key: z.string(),
      /** An offer's or a currency's own name; null for a series the console names itself. */
      name: z.string().nullable(),
      currency: z.string().nullable(),
      /** One value per day of `days`; null where nothing could be measured (no play that day). */
      values: z.array(z.number().nullable()),
    }),
  ),
  /**
   * The chart's own times when its values are not one per day of `days`: UTC hours
   * (`YYYY-MM-DDTHH:00`) for the concurrent streams of a range up to 7 days (decision 116).
   */
  points: z.array(z.string()).optional(),
});
export type Chart = z.infer<typeof ChartSchema>;

const ChartsResponse = z.object({
  from: Day,
  to: Day,
  /** The UTC days counted, oldest first. */
  days: z.array(Day),
  charts: z.array(ChartSchema),
});
export type ChartsAnswer = z.infer<typeof ChartsResponse>;

export const moneyCharts = defineAdminEndpoint({
  method: 'GET',
  path: '/charts/money',
  access: 'staff',
  roles: ['finance'],
  summary:
    'Per day: active subscribers, sign-ups, cancellations, monthly recurring revenue by offer, renewals and refusals, refunds',
  query: ChartRangeQuery,
  response: ChartsResponse,
});

export const healthCharts = defineAdminEndpoint({
  method: 'GET',
  path: '/charts/health',
  access: 'staff',
  roles: ['editor', 'support', 'finance'],
  summary:
    'Per day: plays started, start-up time p50/p90, stalls per play, player errors, page views and visitors; concurrent streams per hour (up to 7 days) or per day',
  query: ChartRangeQuery,
  response: ChartsResponse,
});
