import { PASSWORD_MIN_LENGTH } from '../constants';
import type { ValidationResult } from './validation-message-key';

// Spaces are legitimate password characters, so a password is never trimmed. Length counts
// characters (code points), not UTF-16 units, so an emoji counts once.
export function validatePassword(value: string): ValidationResult {
  if (value === '') return 'passwordEmpty';
  // "4 characters or fewer is too short (minimum 5)" (spec 1 §5).
  return [...value].length < PASSWORD_MIN_LENGTH ? 'passwordTooShort' : null;
}

/** Registration needs both passwords (spec 1 §5), so an empty confirmation is reported as empty. */
export function validatePasswordConfirmation(password: string, confirmation: string): ValidationResult {
  if (confirmation === '') return 'passwordEmpty';
  return confirmation === password ? null : 'passwordMismatch';
}
