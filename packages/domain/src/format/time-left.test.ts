import { describe, expect, it } from 'vitest';
import { timeLeft } from './time-left';

const now = new Date('2025-03-01T12:00:00Z');
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe('account time left (spec 1 §2, spec 3 §4)', () => {
  it('shows days while at least 1 day remains', () => {
    expect(timeLeft(later(24 * 5 + 3), now)).toEqual({ unit: 'days', value: 5, isSingular: false, isSoon: false });
    expect(timeLeft(later(24), now)).toEqual({ unit: 'days', value: 1, isSingular: true, isSoon: false });
  });

  it('shows the full length of a period that has just started (a 7-day promo code read ms later)', () => {
    const justRedeemed = new Date(now.getTime() + 7 * 24 * 3_600_000);
    const readAt = new Date(now.getTime() + 250);
    expect(timeLeft(justRedeemed, readAt)).toEqual({ unit: 'days', value: 7, isSingular: false, isSoon: false });
    // Days are whole 24-hour blocks of the started hours: 6 days and 22.5 hours is still 6 days.
    expect(timeLeft(later(24 * 6 + 22.5), now)).toMatchObject({ unit: 'days', value: 6 });
    expect(timeLeft(later(24 * 6 + 23.5), now)).toMatchObject({ unit: 'days', value: 7 });
  });

  it('shows hours and the soon icon at 0 days', () => {
    expect(timeLeft(later(23.5), now)).toEqual({ unit: 'hours', value: 24, isSingular: false, isSoon: true });
    // A few ms under 1 day is still "0 days" (spec 1 §2): hours, not "1 jour".
    expect(timeLeft(new Date(now.getTime() + 24 * 3_600_000 - 5), now)).toMatchObject({ unit: 'hours', value: 24 });
    expect(timeLeft(later(2), now)).toEqual({ unit: 'hours', value: 2, isSingular: false, isSoon: true });
  });

  it('uses the singular form at 1 hour or less', () => {
    expect(timeLeft(later(1), now)).toMatchObject({ value: 1, isSingular: true });
    expect(timeLeft(later(0.2), now)).toMatchObject({ value: 1, isSingular: true });
    expect(timeLeft(later(-5), now)).toEqual({ unit: 'hours', value: 0, isSingular: true, isSoon: true });
  });

  it('accepts the ISO dates sent by the API', () => {
    expect(timeLeft('2025-03-04T12:00:00Z', now)).toMatchObject({ unit: 'days', value: 3 });
  });
});
