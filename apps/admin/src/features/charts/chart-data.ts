import type { Chart } from '@playz/api-contract/admin';
import type { MessageKey } from '@/i18n/messages';
import type { Translate } from '@/i18n/use-t';

type Series = Chart['series'][number];

/** A series' legend: an offer's or a currency's own name, else the console's name for it. */
export function seriesLabel(t: Translate, series: Series): string {
  if (series.name === null) return t(`series.${series.key}` as MessageKey);
  return series.currency && series.currency !== series.name ? `${series.name} (${series.currency})` : series.name;
}

/** Cents are shown (and exported) in the currency's units; counts, times and ratios as they come. */
export const shown = (unit: Chart['unit'], value: number | null): number | null =>
  value === null ? null : unit === 'cents' ? value / 100 : value;

export function formatValue(unit: Chart['unit'], value: number | null, locale: string): string {
  const v = shown(unit, value);
  if (v === null) return '—';
  return unit === 'cents'
    ? v.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : v.toLocaleString(locale, { maximumFractionDigits: 2 });
}

const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * What a chart's values are counted over (decision 116): its own UTC hours when it has them (the
 * concurrent streams of a short range), else the answer's days.
 */
export const pointsOf = (days: readonly string[], chart: Chart): readonly string[] => chart.points ?? days;

/** A point as shown and exported: a day as it is, an hour as `YYYY-MM-DD HH:00` (UTC). */
export const pointLabel = (point: string) => point.replace('T', ' ');

/**
 * One chart as CSV (decision 091): a day (or an hour, decision 116) per line, a column per series;
 * amounts in units with a dot (what spreadsheets of every locale import), an empty cell where
 * nothing was measured.
 */
export function csvOf(t: Translate, days: readonly string[], chart: Chart): string {
  const header = [t(chart.points ? 'charts.hour' : 'charts.day'), ...chart.series.map((s) => seriesLabel(t, s))]
    .map(cell)
    .join(',');
  const lines = pointsOf(days, chart).map((point, i) =>
    [
      pointLabel(point),
      ...chart.series.map((s) => {
        const v = shown(chart.unit, s.values[i] ?? null);
        return v === null ? '' : chart.unit === 'cents' ? v.toFixed(2) : String(v);
      }),
    ].join(','),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
