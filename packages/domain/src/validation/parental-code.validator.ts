import type { ValidationResult } from './validation-message-key';

// Exactly 4 ASCII digits (spec 1 §5, spec 3 §6).
const PARENTAL_CODE = /^[0-9]{4}$/;

/** Optional at registration: empty is fine there, but a given code must be 4 digits (spec 1 §5). */
export function validateParentalCode(code: string, optional = false): ValidationResult {
  if (optional && code === '') return null;
  return PARENTAL_CODE.test(code) ? null : 'parentalCodeInvalid';
}
