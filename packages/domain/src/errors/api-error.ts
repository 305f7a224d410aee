import { apiErrorMessage, httpStatusForError, type ApiErrorNumber } from './api-error-catalogue';

/**
 * An error that carries its catalogue number; one error handler turns it into the
 * { Error: { Number, Message } } envelope (spec 1 §7) and the HTTP status (CONVENTIONS §4).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly number: ApiErrorNumber;
  readonly status: number;

  constructor(number: ApiErrorNumber, message?: string) {
    super(message ?? apiErrorMessage(number));
    this.number = number;
    this.status = httpStatusForError(number);
  }
}

/** `throw apiError(ApiErrorNumber.ContentNotFound)` */
export function apiError(number: ApiErrorNumber, message?: string): ApiError {
  return new ApiError(number, message);
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * A body or file past its cap: the spec's catalogues have no number of their own for it, so it is
 * 3 (bad parameter) with the HTTP status that names the fault, 413, as decision 031 answers a URL
 * too long with 3 and 414 (decision 115).
 */
export class PayloadTooLargeError extends ApiError {
  override readonly status: number = 413;

  constructor() {
    super(3);
  }
}
