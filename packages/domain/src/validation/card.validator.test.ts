import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasValidLuhnChecksum, validateCardExpiry, validateCardNumber, validateSecurityCode } from './card.validator';

describe('card number (spec 3 §5, Luhn check is our decision)', () => {
  it.each(['4111111111111111', '4111 1111 1111 1111', '5555555555554444', '378282246310005', '4222222222222'])(
    'accepts the test card %s',
    (number) => {
      expect(validateCardNumber(number)).toBeNull();
    },
  );

  it.each(['4111111111111112', '411111111111', '41111111111111111111', '4111-1111-1111-1111', ''])(
    'rejects %j',
    (number) => {
      expect(validateCardNumber(number)).toBe('cardNumberInvalid');
    },
  );

  const digits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }).map((d) => d.join(''));
  const withCheckDigit = digits.map((body) => {
    const check = [...'0123456789'].find((d) => hasValidLuhnChecksum(body + d));
    return body + check;
  });

  it('accepts any body with its Luhn check digit and rejects a changed last digit (property)', () => {
    fc.assert(
      fc.property(withCheckDigit, fc.integer({ min: 1, max: 9 }), (number, shift) => {
        expect(validateCardNumber(number)).toBeNull();
        const last = (Number(number.at(-1)) + shift) % 10;
        expect(validateCardNumber(number.slice(0, -1) + last)).toBe('cardNumberInvalid');
      }),
    );
  });
});

describe('card expiry MM / YY (spec 3 §5)', () => {
  const now = new Date(Date.UTC(2025, 5, 15)); // June 2025

  it('accepts the current month and later', () => {
    expect(validateCardExpiry('06', '25', now)).toBeNull();
    expect(validateCardExpiry('07', '25', now)).toBeNull();
    expect(validateCardExpiry('01', '30', now)).toBeNull();
  });

  it('rejects a past month', () => {
    expect(validateCardExpiry('05', '25', now)).toBe('cardExpiryInvalid');
    expect(validateCardExpiry('12', '24', now)).toBe('cardExpiryInvalid');
  });

  it.each([
    ['00', '26'],
    ['13', '26'],
    ['6', '26'],
    ['06', '2026'],
    ['ab', '26'],
  ])('rejects month %j year %j', (month, year) => {
    expect(validateCardExpiry(month, year, now)).toBe('cardExpiryInvalid');
  });
});

describe('security code: 3 digits (spec 3 §5)', () => {
  it('accepts exactly 3 digits', () => {
    expect(validateSecurityCode('123')).toBeNull();
    expect(validateSecurityCode('12')).toBe('securityCodeInvalid');
    expect(validateSecurityCode('1234')).toBe('securityCodeInvalid');
    expect(validateSecurityCode('12a')).toBe('securityCodeInvalid');
  });
});
