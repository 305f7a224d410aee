import { describe, expect, it } from 'vitest';
import { currencySymbol, formatPrice } from './price.format';

describe('currency display (spec 1 §9, spec 3 §9)', () => {
  it('shows EUR as € and USD as $, other codes as themselves', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('GBP')).toBe('GBP');
  });

  it('formats the emulator prices 7.99 and 1.99 EUR per locale (spec 3 §9)', () => {
    expect(formatPrice(7.99, 'EUR', 'fr')).toBe('7,99\u00a0€');
    expect(formatPrice(7.99, 'EUR', 'en')).toBe('€7.99');
    expect(formatPrice(1.99)).toBe('1,99\u00a0€');
    expect(formatPrice(2, 'USD', 'en')).toBe('$2.00');
  });

  it('does not throw on a code Intl rejects', () => {
    expect(formatPrice(7.99, 'EURO', 'fr')).toBe('7.99 EURO');
  });
});
