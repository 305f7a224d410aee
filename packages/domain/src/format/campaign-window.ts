// The regulator campaign page is listed in the footer only from 20 November to 10 December,
// both included, every year (spec 1 §2, §9; spec 3 §9).

/**
 * Building an Intl.DateTimeFormat costs far more than formatting with one (it was the largest
 * single cost of GET /data, docs/benchmarks.md), so one formatter per time zone is kept.
 * A formatter holds no date: reusing it cannot return a stale answer.
 */
const monthDayFormats = new Map<string, Intl.DateTimeFormat>();

function monthDayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = monthDayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, month: 'numeric', day: 'numeric' });
    monthDayFormats.set(timeZone, format);
  }
  return format;
}

/** The last minute's answer (see below). */
let lastAnswer: { minute: number; timeZone: string; visible: boolean } | null = null;

/**
 * Read in French time by default (the service is sold in France), so the page appears at
 * midnight in Paris whatever the time zone of the server or browser.
 */
export function isCampaignPageVisible(date: Date, timeZone = 'Europe/Paris'): boolean {
  // Every time zone's midnight falls on a whole minute (offsets are multiples of 15 min), so
  // the answer of one minute is the answer of the whole minute; /data asks at every call.
  const minute = Math.floor(date.getTime() / 60_000);
  if (lastAnswer && lastAnswer.minute === minute && lastAnswer.timeZone === timeZone) return lastAnswer.visible;
  const parts = monthDayFormat(timeZone).formatToParts(date);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  const day = Number(parts.find((p) => p.type === 'day')?.value);
  const visible = (month === 11 && day >= 20) || (month === 12 && day <= 10);
  lastAnswer = { minute, timeZone, visible };
  return visible;
}
