import { useQuery } from '@tanstack/react-query';
import { useContext, useMemo, useState } from 'react';
import { adminEndpoints, type Chart, type ChartsAnswer } from '@playz/api-contract/admin';
import { adminCall } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';
import { LocaleContext, useT } from '@/i18n/use-t';
import { Status } from '../shell/status';
import { csvOf, downloadCsv, formatValue, pointLabel, pointsOf, seriesLabel, shown } from './chart-data';
import { UPlotChart } from './uplot-chart';
import './charts.css';

const RANGES = [7, 30, 90, 366] as const;
const DAY_MS = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

function ChartCard({ kind, days, chart }: { kind: 'money' | 'health'; days: string[]; chart: Chart }) {
  const t = useT();
  const locale = useContext(LocaleContext);
  const title = t(`chart.${chart.id}` as MessageKey);
  const headingId = `chart-${chart.id}`;
  const series = useMemo(
    () => chart.series.map((s) => ({ label: seriesLabel(t, s), values: s.values.map((v) => shown(chart.unit, v)) })),
    // The labels change with the locale only (t is made anew at each render).
    [chart, locale],
  );
  const format = useMemo(
    () => (value: number | null) => (value === null ? '—' : value.toLocaleString(locale, { maximumFractionDigits: 2 })),
    [locale],
  );
  const from = days[0] ?? '';
  const to = days[days.length - 1] ?? '';
  // Per hour when the chart has its own points (the concurrent streams of up to 7 days, decision 116).
  const points = pointsOf(days, chart);
  const hourly = chart.points !== undefined;
  const pointHeading = t(hourly ? 'charts.hour' : 'charts.day');
  return (
    <section className="panel chart" aria-labelledby={headingId}>
      <div className="chart-head">
        <h2 id={headingId}>{title}</h2>
        <button
          type="button"
          className="button small"
          onClick={() => downloadCsv(`playz-${kind}-${chart.id}-${from}-${to}.csv`, csvOf(t, days, chart))}
        >
          {t('charts.csv')}
        </button>
      </div>
      <p className="sr-only">{t('charts.summary', { title, from, to })}</p>
      {chart.id === 'streams' ? <p className="muted chart-note">{t('charts.streamsNote')}</p> : null}
      {chart.series.length ? (
        <UPlotChart
          points={points}
          hourly={hourly}
          series={series}
          format={format}
          dayLabel={pointHeading}
          locale={locale}
        />
      ) : (
        <p className="muted">{t('charts.noData')}</p>
      )}
      <details>
        <summary>{t('charts.table')}</summary>
        <div className="table-wrap">
          <table>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{pointHeading}</th>
                {chart.series.map((s) => (
                  <th scope="col" key={s.key}>
                    {seriesLabel(t, s)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point, i) => (
                <tr key={point}>
                  <th scope="row">{pointLabel(point)}</th>
                  {chart.series.map((s) => (
                    <td key={s.key}>{formatValue(chart.unit, s.values[i] ?? null, locale)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/**
 * The Money and Health pages (decision 091): the per-day charts of one range, each with its data
 * table (what a screen reader and the keyboard use) and its CSV.
 */
export function ChartsPage({ kind }: { kind: 'money' | 'health' }) {
  const t = useT();
  const [span, setSpan] = useState<(typeof RANGES)[number]>(30);
  const charts = useQuery<ChartsAnswer>({
    queryKey: ['charts', kind, span],
    queryFn: () => {
      const today = Date.now();
      return adminCall(kind === 'money' ? adminEndpoints.moneyCharts : adminEndpoints.healthCharts, {
        query: { from: dayOf(today - (span - 1) * DAY_MS), to: dayOf(today) },
      });
    },
  });
  return (
    <section className="charts-page">
      <h1>{t(kind === 'money' ? 'charts.moneyTitle' : 'charts.healthTitle')}</h1>
      <p className="muted">{t(kind === 'money' ? 'charts.moneyIntro' : 'charts.healthIntro')}</p>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('charts.range')}
          <select value={span} onChange={(e) => setSpan(Number(e.target.value) as (typeof RANGES)[number])}>
            {RANGES.map((n) => (
              <option key={n} value={n}>
                {t('charts.lastDays', { count: String(n) })}
              </option>
            ))}
          </select>
        </label>
      </form>
      {charts.isPending ? <Status kind="loading" /> : null}
      {charts.isError ? <Status kind="error" onRetry={() => void charts.refetch()} /> : null}
      {charts.data ? (
        <div className="chart-grid">
          {charts.data.charts.map((chart) => (
            <ChartCard key={chart.id} kind={kind} days={charts.data.days} chart={chart} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
