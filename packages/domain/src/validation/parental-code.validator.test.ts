import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateParentalCode } from './parental-code.validator';

describe('parental code: exactly 4 digits (spec 1 §5, spec 2 §5)', () => {
  it.each(['0000', '1234', '9876'])('accepts %s', (code) => {
    expect(validateParentalCode(code)).toBeNull();
  });

  it.each(['123', '12345', 'abcd', '12 4', '١٢٣٤', ''])('rejects %j', (code) => {
    expect(validateParentalCode(code)).toBe('parentalCodeInvalid');
  });

  it('is optional at registration, but a given code must still be 4 digits', () => {
    expect(validateParentalCode('', true)).toBeNull();
    expect(validateParentalCode('12', true)).toBe('parentalCodeInvalid');
  });

  it('accepts a string exactly when it is 4 ASCII digits (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), (code) => {
        expect(validateParentalCode(code) === null).toBe(/^[0-9]{4}$/.test(code));
      }),
    );
  });
});
