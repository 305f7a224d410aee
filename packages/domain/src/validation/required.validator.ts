import type { ValidationResult } from './validation-message-key';

/** A field made only of spaces is empty. */
export function validateRequired(value: string | null | undefined): ValidationResult {
  return value == null || value.trim() === '' ? 'required' : null;
}

// "First name and last name each required" (spec 1 §5).
export const validateFirstName = validateRequired;
export const validateLastName = validateRequired;
