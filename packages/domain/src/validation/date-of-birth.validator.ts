import type { ValidationResult } from './validation-message-key';

/** The oldest a date of birth may make someone: older is a typing slip. */
export const MAX_AGE_YEARS = 120;

/**
 * spec 1 §3 Customer dateOfBirth (decision 058 addendum): optional; when given, YYYY-MM-DD, a day
 * that exists, not after today and at most MAX_AGE_YEARS years back. The server and the account
 * form apply the same rule.
 */
export function validateDateOfBirth(value: string, today: Date = new Date()): ValidationResult {
  const given = value.trim();
  if (given === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(given);
  if (!match) return 'dateOfBirthInvalid';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!exists || given > today.toISOString().slice(0, 10)) return 'dateOfBirthInvalid';
  return year < today.getUTCFullYear() - MAX_AGE_YEARS ? 'dateOfBirthInvalid' : null;
}
