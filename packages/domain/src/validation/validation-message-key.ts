// Keys of the messages a validator or an account call can put under a field (spec 1 §5, spec 3 §5).
// packages/i18n holds one translation per key; the French wording is the spec's.
export const VALIDATION_MESSAGE_KEYS = [
  'loginEmpty',
  'emailInvalid',
  'passwordEmpty',
  'passwordTooShort',
  'passwordMismatch',
  // Reported by the server (error 14) under the password field (spec 1 §8).
  'passwordInvalid',
  // Reported by the server (error 12) under the login field (spec 1 §8).
  'emailExists',
  // Login answered false or error 11 (spec 1 §8).
  'loginFailed',
  'required',
  'phoneEmpty',
  'phoneInvalid',
  // Forgot login answered false (spec 1 §8).
  'phoneUnknown',
  'parentalCodeInvalid',
  // Promo code at registration (decision 019): malformed, or no such code is live (error 7).
  'promoCodeInvalid',
  'promoCodeUnknown',
  'operatorEmpty',
  'cardNumberInvalid',
  'cardExpiryInvalid',
  'securityCodeInvalid',
  // Account date of birth (decision 058 addendum): not a real day, in the future, or too far back.
  'dateOfBirthInvalid',
] as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

/** A validator answers null when the value is valid, otherwise the message key. */
export type ValidationResult = ValidationMessageKey | null;

/** Field -> message key; an empty object means the form may be submitted. */
export type FormErrors<Field extends string> = Partial<Record<Field, ValidationMessageKey>>;

/** Forms are validated on submit and the call happens only without errors (spec 1 §4, spec 3 §4). */
export function isFormValid(errors: FormErrors<string>): boolean {
  return Object.keys(errors).length === 0;
}
