// Account-side time left before a subscription expires (spec 1 §2, spec 2 §9, spec 3 §4):
// days while at least 1 full day remains; at 0 days, hours (singular when 1 or fewer) and a
// soon-expiry icon. Time left is counted in started hours, for days as for hours: a period
// read a moment after it began (a 7-day promo code, a weekly subscription) is a few
// milliseconds short of its length and must still show its full length, "7 jours", not 6.

export interface TimeLeft {
  unit: 'days' | 'hours';
  value: number;
  isSingular: boolean;
  isSoon: boolean;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function timeLeft(expirationDate: Date | string | number, now: Date | number): TimeLeft {
  const remaining = new Date(expirationDate).getTime() - new Date(now).getTime();
  const ms = Number.isFinite(remaining) && remaining > 0 ? remaining : 0;
  // Hours round up so that 20 minutes left reads "1 hour", never "0 hours" while access remains.
  const hours = Math.ceil(ms / HOUR_MS);
  // The switch to hours stays at less than 1 full day (the spec's "0 days").
  if (ms >= DAY_MS) {
    const days = Math.floor(hours / 24);
    return { unit: 'days', value: days, isSingular: days <= 1, isSoon: false };
  }
  return { unit: 'hours', value: hours, isSingular: hours <= 1, isSoon: true };
}
