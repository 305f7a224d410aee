import { describe, expect, it } from 'vitest';
import { formatClock, formatCountdown } from './clock.format';

describe('time display hh:mm:ss (spec 1 §9, spec 2 §9)', () => {
  it.each([
    [0, '00:00:00'],
    [5, '00:00:05'],
    [65, '00:01:05'],
    [3599, '00:59:59'],
    [3600, '01:00:00'],
    [5025.9, '01:23:45'],
    [360_000, '100:00:00'],
    [-3, '00:00:00'],
    [Number.NaN, '00:00:00'],
  ])('%d s shows %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});

describe('live countdown in d, h, mn, s (spec 2 §9)', () => {
  it('splits seconds into the four parts', () => {
    expect(formatCountdown(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({
      d: 2,
      h: 3,
      mn: 4,
      s: 5,
      text: '2d 3h 04mn 05s',
    });
  });

  it.each([
    [0, '00mn 00s'],
    [65, '01mn 05s'],
    [3600, '1h 00mn 00s'],
    [86_400, '1d 0h 00mn 00s'],
    [-10, '00mn 00s'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatCountdown(seconds).text).toBe(text);
  });
});
