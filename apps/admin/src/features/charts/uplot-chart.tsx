import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Colours that read on the console's dark background, apart from each other. */
export const PALETTE = ['#ff2e63', '#3ddc97', '#5ab0ff', '#ffc857', '#c08bff', '#ff8f5a', '#7ee8fa', '#f4f4f7'];

const AXIS = {
  stroke: '#9696a8',
  grid: { stroke: 'rgba(255, 255, 255, 0.07)', width: 1 },
  ticks: { stroke: 'rgba(255, 255, 255, 0.12)', width: 1 },
};

export interface PlotSeries {
  label: string;
  values: (number | null)[];
}

/** A point's time in seconds: a UTC day (`YYYY-MM-DD`) or hour (`YYYY-MM-DDTHH:00`, decision 116). */
const secondsOf = (point: string, hourly: boolean) => Date.parse(hourly ? `${point}:00Z` : `${point}T00:00:00Z`) / 1000;

/**
 * One uPlot chart over UTC days (or hours), as wide as its box. The canvas is a picture for sighted users:
 * its numbers are in the table beside it (decision 091), so it is hidden from assistive technology.
 */
export function UPlotChart({
  points,
  hourly = false,
  series,
  format,
  dayLabel,
  locale,
}: {
  points: readonly string[];
  hourly?: boolean;
  series: PlotSeries[];
  format: (value: number | null) => string;
  dayLabel: string;
  locale: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(280, element.clientWidth || 640);
    let plot: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let gone = false;
    // Loaded with the first chart: only the Money and Health pages carry it, and uPlot reads the
    // window's media queries as it loads.
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      plot = new UPlot(
        {
          width: width(),
          height: 220,
          // Days are UTC days: the axis shows them as the server counted them, wherever the browser is.
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
          scales: { x: { time: true } },
          series: [
            {
              label: dayLabel,
              value: (_u, ts) =>
                ts == null
                  ? '—'
                  : new Date(ts * 1e3)
                      .toISOString()
                      .slice(0, hourly ? 16 : 10)
                      .replace('T', ' '),
            },
            ...series.map((s, i) => ({
              label: s.label,
              stroke: PALETTE[i % PALETTE.length],
              width: 2,
              points: { show: points.length <= 31 },
              value: (_u: uPlot, v: number | null) => format(v),
            })),
          ],
          axes: [
            {
              ...AXIS,
              // Days in the viewer's language ("4 nov."), as UTC days. Per hour, a day's midnight
              // names the day and the other ticks only their hour, so the labels never overlap.
              ...(hourly ? { space: 56 } : {}),
              values: (_u, ticks) =>
                ticks.map((ts) => {
                  const at = new Date(ts * 1e3);
                  return hourly && at.getUTCHours() !== 0
                    ? at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
                    : at.toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
                }),
            },
            { ...AXIS, size: 64, values: (_u, ticks) => ticks.map((v) => format(v)) },
          ],
          legend: { show: true, live: true },
        },
        [points.map((point) => secondsOf(point, hourly)), ...series.map((s) => s.values)] as uPlot.AlignedData,
        element,
      );
      if (typeof ResizeObserver !== 'undefined') {
        resize = new ResizeObserver(() => plot?.setSize({ width: width(), height: 220 }));
        resize.observe(element);
      }
    });
    return () => {
      gone = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [points, hourly, series, format, dayLabel, locale]);
  return <div ref={box} className="uplot-box" aria-hidden="true" />;
}
