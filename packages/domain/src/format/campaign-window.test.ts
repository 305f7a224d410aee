import { describe, expect, it } from 'vitest';
import { isCampaignPageVisible } from './campaign-window';

// Noon in Paris, so the dates are unambiguous.
const paris = (iso: string) => new Date(`${iso}T12:00:00+01:00`);

describe('campaign page window 20 November - 10 December (spec 1 §9, spec 3 §9)', () => {
  it.each([
    ['2024-11-19', false],
    ['2024-11-20', true],
    ['2024-12-01', true],
    ['2024-12-10', true],
    ['2024-12-11', false],
    ['2031-11-20', true],
    ['2025-06-15', false],
    ['2025-01-05', false],
  ])('%s visible: %s', (day, visible) => {
    expect(isCampaignPageVisible(paris(day))).toBe(visible);
  });

  it('opens at midnight in Paris', () => {
    expect(isCampaignPageVisible(new Date('2024-11-19T22:59:59Z'))).toBe(false);
    expect(isCampaignPageVisible(new Date('2024-11-19T23:00:00Z'))).toBe(true);
    expect(isCampaignPageVisible(new Date('2024-12-10T22:59:59Z'))).toBe(true);
    expect(isCampaignPageVisible(new Date('2024-12-10T23:00:00Z'))).toBe(false);
  });

  it('one minute asked from two time zones gets each its own day (the last answer is kept per zone)', () => {
    const at = new Date('2024-11-19T23:30:00Z'); // 20 November in Paris, still the 19th in UTC
    expect(isCampaignPageVisible(at)).toBe(true);
    expect(isCampaignPageVisible(at, 'UTC')).toBe(false);
    expect(isCampaignPageVisible(new Date('2024-11-19T23:30:59Z'))).toBe(true);
  });
});
