/**
 * Installed in every page before its own scripts, through the DevTools protocol
 * (`addInitScript`): the page's CSP forbids inline scripts but does not apply to these. It keeps
 * the last largest-contentful-paint candidate and every layout shift not caused by input.
 */
export const WEB_VITALS_PROBE = `
  window.benchVitals = { lcp: null, shifts: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchVitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput) window.benchVitals.shifts.push({ time: entry.startTime, value: entry.value });
  }).observe({ type: 'layout-shift', buffered: true });
`;

export interface LayoutShift {
  /** ms since navigation start */
  time: number;
  value: number;
}

/**
 * Cumulative Layout Shift as Chrome defines it since 2021: shifts grouped in session windows
 * (a gap under 1 s, a window at most 5 s long), the largest window's sum.
 */
export function cumulativeLayoutShift(shifts: LayoutShift[]): number {
  let largest = 0;
  let windowSum = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of [...shifts].sort((a, b) => a.time - b.time)) {
    if (shift.time - previous >= 1000 || shift.time - windowStart >= 5000) {
      windowSum = 0;
      windowStart = shift.time;
    }
    windowSum += shift.value;
    previous = shift.time;
    largest = Math.max(largest, windowSum);
  }
  return largest;
}
