import { describe, expect, it } from 'vitest';
import { centsToValue, valueToCents } from './money';

describe('PayPal amounts (decision 027)', () => {
  it('writes cents as a two-decimal string', () => {
    expect(centsToValue(299)).toBe('2.99');
    expect(centsToValue(5)).toBe('0.05');
    expect(centsToValue(0)).toBe('0.00');
    expect(centsToValue(79900)).toBe('799.00');
  });

  it('reads decimal strings back to the same cents', () => {
    expect(valueToCents('2.99')).toBe(299);
    expect(valueToCents('7.9')).toBe(790);
    expect(valueToCents('10')).toBe(1000);
    for (let cents = 0; cents < 2000; cents += 1) expect(valueToCents(centsToValue(cents))).toBe(cents);
  });

  it('refuses what is not an amount', () => {
    expect(valueToCents('-1.00')).toBeNull();
    expect(valueToCents('1.999')).toBeNull();
    expect(valueToCents(2.99)).toBeNull();
    expect(() => centsToValue(1.5)).toThrow();
  });
});
