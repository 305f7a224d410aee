// Cookie expiry shown in the cookies table (spec 1 §9, spec 3 §4): -1 none, 0 session, under
// 3600 s in minutes, under 86400 s in hours, under 30 days in days, else months (rounded up).

export type CookieExpiryUnit = 'none' | 'session' | 'minutes' | 'hours' | 'days' | 'months';

export interface CookieExpiryDisplay {
  unit: CookieExpiryUnit;
  /** 0 for 'none' and 'session'. */
  value: number;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
// A month is 30 days, the same boundary the spec uses between days and months.
const MONTH = 30 * DAY;

/**
 * The spec only says months round up; we round minutes, hours and days up too so that a
 * cookie is never shown as lasting less than it does (90 s -> 2 minutes). Any negative value is
 * read like -1.
 */
export function cookieExpiryDisplay(seconds: number): CookieExpiryDisplay {
  if (seconds < 0) return { unit: 'none', value: 0 };
  if (seconds === 0) return { unit: 'session', value: 0 };
  if (seconds < HOUR) return { unit: 'minutes', value: Math.ceil(seconds / MINUTE) };
  if (seconds < DAY) return { unit: 'hours', value: Math.ceil(seconds / HOUR) };
  if (seconds < MONTH) return { unit: 'days', value: Math.ceil(seconds / DAY) };
  return { unit: 'months', value: Math.ceil(seconds / MONTH) };
}
