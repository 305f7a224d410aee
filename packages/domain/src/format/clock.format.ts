// "Time display hh:mm:ss; countdown shows d, h, mn, s" (spec 1 §9, spec 2 §9).

function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** Player time and duration: always hh:mm:ss; hours keep growing past 99. */
export function formatClock(seconds: number): string {
  const total = wholeSeconds(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return `${pad(h)}:${pad(m)}:${pad(total % 60)}`;
}

export interface Countdown {
  d: number;
  h: number;
  mn: number;
  s: number;
  /** e.g. '2d 3h 04mn 05s'. */
  text: string;
}

/**
 * Live countdown parts. The text drops leading zero days and hours but always shows minutes and
 * seconds on two digits, so the width only changes when a unit disappears ('1h 00mn 00s' ->
 * '59mn 59s'). The unit letters are the spec's, left untranslated like a clock.
 */
export function formatCountdown(seconds: number): Countdown {
  const total = wholeSeconds(seconds);
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const mn = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (d > 0) parts.push(`${d}d`);
  if (d > 0 || h > 0) parts.push(`${h}h`);
  parts.push(`${pad(mn)}mn`, `${pad(s)}s`);
  return { d, h, mn, s, text: parts.join(' ') };
}
