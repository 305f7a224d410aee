import { ApiErrorNumber, apiError } from '@playz/domain';
import { CHART_DEFAULT_DAYS, CHART_MAX_DAYS, adminEndpoints, type Chart } from '@playz/api-contract/admin';
import type { AudienceByDay } from '../audience';
import type { MoneyByDay } from '../billing';
import type { QualityByDay } from '../catalogue';
import type { StreamsOverTime } from '../../streaming/stream-history';
import { dayRangeOf, type DayRange } from '../../lib/day-series';
import type { AdminRoute } from './admin-route';

/** What the charts read, each through its module's front door, at call time (decision 091). */
export interface ChartSources {
  money: (range: DayRange) => Promise<MoneyByDay>;
  quality: (range: DayRange) => Promise<QualityByDay>;
  audience: (range: DayRange) => Promise<AudienceByDay>;
  /** The concurrent streams' history (decision 116). */
  streams: (range: DayRange) => Promise<StreamsOverTime>;
}

const DAY_MS = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
/** A real calendar day: `2026-02-31` parses in some engines, it is refused here (3). */
const parseDay = (day: string) => {
  const at = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(at) || dayOf(at) !== day) throw apiError(ApiErrorNumber.BadParameter);
  return at;
};

/**
 * The range asked, in UTC days: to today and the 30 days ending there by default; `from` after
 * `to` or more than 366 days is refused (3), so one call never counts years of rows.
 */
export function chartRange(query: { from?: string; to?: string }, now: Date): DayRange {
  const to = query.to ? parseDay(query.to) : parseDay(dayOf(now.getTime()));
  const from = query.from ? parseDay(query.from) : to - (CHART_DEFAULT_DAYS - 1) * DAY_MS;
  if (from > to || (to - from) / DAY_MS + 1 > CHART_MAX_DAYS) throw apiError(ApiErrorNumber.BadParameter);
  return dayRangeOf(dayOf(from), dayOf(to));
}

const own = (key: string, values: (number | null)[]) => ({ key, name: null, currency: null, values });

export function registerChartRoutes(route: AdminRoute, deps: { sources: ChartSources; now: () => Date }) {
  const answer = (range: DayRange, charts: Chart[]) => ({
    from: range.days[0]!,
    to: range.days[range.days.length - 1]!,
    days: range.days,
    charts,
  });

  route(adminEndpoints.moneyCharts, async ({ query }) => {
    const range = chartRange(query, deps.now());
    const money = await deps.sources.money(range);
    return answer(range, [
      { id: 'subscribers', unit: 'count', series: [own('active', money.activeSubscribers)] },
      {
        id: 'signUps',
        unit: 'count',
        series: [own('signUps', money.signUps), own('cancellations', money.cancellations)],
      },
      { id: 'mrr', unit: 'cents', series: money.mrr },
      {
        id: 'renewals',
        unit: 'count',
        series: [own('renewals', money.renewals), own('refusals', money.refusals)],
      },
      { id: 'refunds', unit: 'count', series: [own('refunds', money.refunds)] },
      { id: 'refunded', unit: 'cents', series: money.refunded },
    ]);
  });

  route(adminEndpoints.healthCharts, async ({ query }) => {
    const range = chartRange(query, deps.now());
    const [quality, audience, streams] = await Promise.all([
      deps.sources.quality(range),
      deps.sources.audience(range),
      deps.sources.streams(range),
    ]);
    return answer(range, [
      { id: 'plays', unit: 'count', series: [own('plays', quality.plays)] },
      {
        id: 'startup',
        unit: 'ms',
        series: [own('p50', quality.startupP50), own('p90', quality.startupP90)],
      },
      { id: 'stalls', unit: 'ratio', series: [own('stallsPerPlay', quality.stallsPerPlay)] },
      // Beside start-up time and stalls: how many watched at once (decision 116).
      {
        id: 'streams',
        unit: 'count',
        series: [
          own('streamsPeak', streams.peak),
          own('streamsAverage', streams.average),
          own('streamsVod', streams.vod),
          own('streamsLive', streams.live),
          own('streamsEvent', streams.event),
        ],
        ...(streams.step === 'hour' ? { points: streams.points } : {}),
      },
      { id: 'errors', unit: 'count', series: [own('errors', quality.errors)] },
      {
        id: 'audience',
        unit: 'count',
        series: [
          own('pageViews', audience.pageViews),
          own('visitors', audience.visitors),
          own('visits', audience.visits),
        ],
      },
    ]);
  });
}
