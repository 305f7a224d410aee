import { describe, expect, it } from 'vitest';
import { OPERATOR_TIME_ZONE, zonedDayBounds, zonedInstant, zonedParts } from './zoned-time';

const iso = (ms: number) => new Date(ms).toISOString();
const PARIS = OPERATOR_TIME_ZONE;

describe('the operator’s wall clock, Europe/Paris (decision 108)', () => {
  it('reads winter (UTC+1) and summer (UTC+2) times both ways', () => {
    expect(zonedParts(Date.parse('2026-01-15T19:30:00Z'), PARIS)).toMatchObject({ date: '2026-01-15', time: '20:30' });
    expect(zonedParts(Date.parse('2026-07-15T19:30:00Z'), PARIS)).toMatchObject({ date: '2026-07-15', time: '21:30' });
    expect(iso(zonedInstant('2026-01-15', '20:30', PARIS))).toBe('2026-01-15T19:30:00.000Z');
    expect(iso(zonedInstant('2026-07-15', '21:30', PARIS))).toBe('2026-07-15T19:30:00.000Z');
    expect(zonedParts(Date.parse('2026-11-29T23:30:00Z'), PARIS)).toMatchObject({ date: '2026-11-30', time: '00:30' });
  });

  it('last Sunday of March 2026: the day has 23 hours, 01:59 is winter, 03:00 summer, the skipped 02:30 reads as 03:30', () => {
    const { from, to } = zonedDayBounds('2026-03-29', PARIS);
    expect(iso(from)).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(to)).toBe('2026-03-29T22:00:00.000Z');
    expect((to - from) / 3600_000).toBe(23);
    expect(iso(zonedInstant('2026-03-29', '01:59', PARIS))).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(zonedInstant('2026-03-29', '03:00', PARIS))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(zonedInstant('2026-03-29', '02:30', PARIS))).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedParts(Date.parse('2026-03-29T01:30:00Z'), PARIS).time).toBe('03:30');
  });

  it('last Sunday of October 2026: the day has 25 hours, 02:30 happens twice and is taken the first time', () => {
    const { from, to } = zonedDayBounds('2026-10-25', PARIS);
    expect(iso(from)).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(to)).toBe('2026-10-25T23:00:00.000Z');
    expect((to - from) / 3600_000).toBe(25);
    expect(iso(zonedInstant('2026-10-25', '02:30', PARIS))).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedParts(Date.parse('2026-10-25T01:30:00Z'), PARIS).time).toBe('02:30');
    expect(iso(zonedInstant('2026-10-25', '03:00', PARIS))).toBe('2026-10-25T02:00:00.000Z');
  });

  it('an impossible date is NaN, never a wrong instant', () => {
    expect(zonedInstant('2026-13-45', '10:00', PARIS)).toBeNaN();
  });
});
