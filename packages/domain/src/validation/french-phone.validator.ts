import type { ValidationResult } from './validation-message-key';

// spec 1 §5 / spec 3 §5: for country fr a landline is 01-05, 08 or 09 and a mobile 06 or 07,
// each followed by 8 digits; together that is 0 then 1-9 then 8 digits.
const FRENCH_NUMBER = /^0[1-9]\d{8}$/;
const FRENCH_MOBILE = /^0[67]\d{8}$/;
const FRENCH_LANDLINE = /^0[1-589]\d{8}$/;

/**
 * The spec says nothing about how people type numbers. We accept spaces, dots and dashes
 * anywhere ("06 12 34 56 78", "06.12.34.56.78") and the international prefixes +33 and 0033,
 * and reduce everything to the 10-digit national form that the rules above check and that the
 * server stores. Anything else is left in place so that validation fails.
 */
export function normalizeFrenchPhone(number: string): string {
  const compact = number.replace(/[\s.-]/g, '');
  if (compact.startsWith('+33')) return `0${compact.slice(3)}`;
  if (compact.startsWith('0033')) return `0${compact.slice(4)}`;
  return compact;
}

/** Other countries are invalid (spec 1 §5). */
export function isValidFrenchPhone(number: string, country = 'fr'): boolean {
  if (country.trim().toLowerCase() !== 'fr') return false;
  return FRENCH_NUMBER.test(normalizeFrenchPhone(number));
}

export function isValidFrenchMobile(number: string): boolean {
  return FRENCH_MOBILE.test(normalizeFrenchPhone(number));
}

export function isValidFrenchLandline(number: string): boolean {
  return FRENCH_LANDLINE.test(normalizeFrenchPhone(number));
}

export function validatePhone(number: string, country = 'fr'): ValidationResult {
  if (number.trim() === '') return 'phoneEmpty';
  return isValidFrenchPhone(number, country) ? null : 'phoneInvalid';
}

/** Billing and forgot-login need a French mobile number (spec 1 §5, spec 3 §5). */
export function validateMobile(number: string): ValidationResult {
  if (number.trim() === '') return 'phoneEmpty';
  return isValidFrenchMobile(number) ? null : 'phoneInvalid';
}
