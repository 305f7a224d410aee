import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterRefusedRenewal, firstCharge, firstExpiration, termEnd, termPriceCents, type OfferTerms } from './terms';

const MONTHLY: OfferTerms = {
  priceCents: 799,
  durationUnit: 'Month',
  durationCount: 1,
  freeTrialDays: 30,
  promoPriceCents: null,
  promoStartDate: null,
  promoEndDate: null,
  promoDurationDays: null,
};
const WEEKLY: OfferTerms = { ...MONTHLY, priceCents: 199, durationUnit: 'Week', freeTrialDays: 7 };
const at = (iso: string) => new Date(iso);

describe('offer terms (spec 3 §1 free first period, §9 prices; decision 025)', () => {
  it('a month ends on the same day of the next month, clamped to its last day', () => {
    expect(termEnd(at('2026-01-31T10:00:00Z'), 'Month', 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(termEnd(at('2028-01-31T10:00:00Z'), 'Month', 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(termEnd(at('2026-12-15T00:00:00Z'), 'Month', 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(termEnd(at('2026-11-24T08:00:00Z'), 'Week', 1).toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });

  it('a term always ends after it starts, within 28..31 days for a month', () => {
    fc.assert(
      fc.property(fc.date({ min: at('2000-01-01'), max: at('2100-01-01'), noInvalidDate: true }), (start) => {
        const days = (termEnd(start, 'Month', 1).getTime() - start.getTime()) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(28);
        expect(days).toBeLessThanOrEqual(31);
      }),
    );
  });

  it('the first week or month is free once per product: 0 now, the trial sets the first date', () => {
    const now = at('2026-11-24T08:00:00Z');
    expect(firstCharge(WEEKLY, false, now)).toEqual({ amountCents: 0, trialDays: 7 });
    expect(firstCharge(WEEKLY, true, now)).toEqual({ amountCents: 199, trialDays: 0 });
    expect(firstExpiration(WEEKLY, { amountCents: 0, trialDays: 7 }, now).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(firstExpiration(MONTHLY, { amountCents: 799, trialDays: 0 }, now).toISOString()).toBe(
      '2026-12-24T08:00:00.000Z',
    );
  });

  it('a promo price applies to subscriptions started in its dates, for its duration', () => {
    const promo: OfferTerms = {
      ...MONTHLY,
      promoPriceCents: 399,
      promoStartDate: '2026-11-20T00:00:00Z',
      promoEndDate: '2026-12-10T00:00:00Z',
      promoDurationDays: 60,
    };
    const started = at('2026-11-24T00:00:00Z');
    expect(termPriceCents(promo, started, started)).toBe(399);
    expect(termPriceCents(promo, started, at('2027-01-20T00:00:00Z'))).toBe(399);
    expect(termPriceCents(promo, started, at('2027-01-24T00:00:00Z'))).toBe(799);
    expect(termPriceCents(promo, at('2026-12-11T00:00:00Z'), at('2026-12-11T00:00:00Z'))).toBe(799);
    expect(termPriceCents(promo, at('2026-11-19T00:00:00Z'), at('2026-11-19T00:00:00Z'))).toBe(799);
  });

  it('a refused renewal is retried after 1 day, then 3 days, then the subscription is cancelled', () => {
    const now = at('2026-11-24T00:00:00Z');
    expect(afterRefusedRenewal(1, now)).toEqual({ kind: 'retry', at: at('2026-11-25T00:00:00Z') });
    expect(afterRefusedRenewal(2, now)).toEqual({ kind: 'retry', at: at('2026-11-27T00:00:00Z') });
    expect(afterRefusedRenewal(3, now)).toEqual({ kind: 'cancel' });
  });
});
