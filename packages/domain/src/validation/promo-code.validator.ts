import type { ValidationResult } from './validation-message-key';

// Promo codes are short words an operator prints on a flyer or a mail (decision 019): 3 to 32
// ASCII letters, digits or dashes, read without case ("bienvenue" is BIENVENUE).
const PROMO_CODE = /^[A-Z0-9][A-Z0-9-]{1,30}[A-Z0-9]$/;

/** The form a promo code is stored and compared in: trimmed, upper case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Optional at registration (spec 1 §5 "promo code optional"); a given code must be well formed. */
export function validatePromoCode(code: string): ValidationResult {
  const normalized = normalizePromoCode(code);
  if (normalized === '') return null;
  return PROMO_CODE.test(normalized) ? null : 'promoCodeInvalid';
}
