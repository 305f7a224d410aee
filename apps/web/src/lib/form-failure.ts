import { isApiError } from '@playz/api-client';
import type { ValidationMessageKey } from '@playz/domain';
import type { MessageKey } from '@playz/i18n';

/** Where a failed account call puts its message: under one field, or at form level (spec 1 §8). */
export type FormFailure<Field extends string> =
  { field: Field; key: ValidationMessageKey } | { field?: undefined; key: MessageKey };

/**
 * The form-level message for a failure no field owns: a rate-limit refusal (HTTP 429, decision 010)
 * says to wait; anything else is the spec's generic 'Une erreur s'est produite' (spec 1 §8).
 */
export function formLevelMessageKey(error: unknown): MessageKey {
  if (isApiError(error) && error.status === 429) return 'errors.tooManyAttempts';
  return 'errors.generic';
}

/**
 * Maps an API error to a field message through `byNumber` (e.g. 12 -> login 'emailExists'),
 * else to the form-level message.
 */
export function failureOf<Field extends string>(
  error: unknown,
  byNumber: Partial<Record<number, { field: Field; key: ValidationMessageKey }>>,
): FormFailure<Field> {
  if (isApiError(error) && error.status !== 429) {
    const mapped = byNumber[error.number];
    if (mapped) return mapped;
  }
  return { key: formLevelMessageKey(error) };
}

export function isFieldFailure<Field extends string>(
  failure: FormFailure<Field>,
): failure is { field: Field; key: ValidationMessageKey } {
  return failure.field !== undefined;
}
