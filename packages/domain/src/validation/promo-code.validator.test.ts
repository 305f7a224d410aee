import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePromoCode, validatePromoCode } from './promo-code.validator';

describe('promo code: optional at registration, well formed when given (spec 1 §5, decision 019)', () => {
  it.each(['BIENVENUE', 'bienvenue', ' Noel-2026 ', 'A1B', '', '   '])('accepts %j', (code) => {
    expect(validatePromoCode(code)).toBeNull();
  });

  it.each(['AB', 'BIEN VENUE', '-NOEL', 'NOEL-', 'CAFÉ', 'A'.repeat(33), 'x;drop'])('rejects %j', (code) => {
    expect(validatePromoCode(code)).toBe('promoCodeInvalid');
  });

  it('compares codes without case or surrounding spaces', () => {
    expect(normalizePromoCode('  bienVenue ')).toBe('BIENVENUE');
  });

  it('never accepts a code whose normalized form is not 3 to 32 letters, digits or dashes (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (code) => {
        const normalized = normalizePromoCode(code);
        if (validatePromoCode(code) === null && normalized !== '') {
          expect(normalized).toMatch(/^[A-Z0-9-]{3,32}$/);
        }
      }),
    );
  });
});
