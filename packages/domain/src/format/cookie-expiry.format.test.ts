import { describe, expect, it } from 'vitest';
import { COOKIE_MAX_AGE_SECONDS } from '../constants';
import { cookieExpiryDisplay } from './cookie-expiry.format';

describe('cookie expiry display (spec 1 §9, spec 3 §4)', () => {
  it.each([
    [-1, 'none', 0],
    [0, 'session', 0],
    [1, 'minutes', 1],
    [90, 'minutes', 2],
    [3599, 'minutes', 60],
    [3600, 'hours', 1],
    [86_399, 'hours', 24],
    [86_400, 'days', 1],
    [30 * 86_400 - 1, 'days', 30],
    [30 * 86_400, 'months', 1],
    [31 * 86_400, 'months', 2],
    [365 * 86_400, 'months', 13],
  ])('%d s shows %s %d', (seconds, unit, value) => {
    expect(cookieExpiryDisplay(seconds)).toEqual({ unit, value });
  });

  it('shows the 6-month client cookie as 6 months (spec 1 §9)', () => {
    expect(cookieExpiryDisplay(COOKIE_MAX_AGE_SECONDS)).toEqual({ unit: 'months', value: 6 });
  });
});
