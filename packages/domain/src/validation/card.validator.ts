import type { ValidationResult } from './validation-message-key';

// spec 3 §5 only says "card number invalid". We go further (our decision): 13 to 19 digits
// once spaces are removed (the ISO/IEC 7812 range) and a correct Luhn check digit, which catches
// almost every mistyped digit before the payment provider is called.
export function validateCardNumber(value: string): ValidationResult {
  const digits = value.replace(/\s/g, '');
  if (!/^[0-9]{13,19}$/.test(digits)) return 'cardNumberInvalid';
  return hasValidLuhnChecksum(digits) ? null : 'cardNumberInvalid';
}

export function hasValidLuhnChecksum(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Expiry is month 'MM' (01-12) and a two-digit year (spec 3 §5). A card is usable until the end
 * of its expiry month, so only an earlier month than `now` is in the past. Months are read in
 * UTC so the answer does not depend on the machine's time zone.
 */
export function validateCardExpiry(month: string, year: string, now: Date): ValidationResult {
  if (!/^(0[1-9]|1[0-2])$/.test(month) || !/^[0-9]{2}$/.test(year)) return 'cardExpiryInvalid';
  const expiry = (2000 + Number(year)) * 12 + Number(month) - 1;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry < current ? 'cardExpiryInvalid' : null;
}

/** Security code: exactly 3 digits (spec 3 §5). */
export function validateSecurityCode(value: string): ValidationResult {
  return /^[0-9]{3}$/.test(value) ? null : 'securityCodeInvalid';
}
