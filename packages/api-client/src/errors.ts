import { CLIENT_ERROR_MESSAGES as SPEC_CLIENT_ERROR_MESSAGES } from '@playz/domain';

/**
 * Client-side failures (spec 1 §8): the request never produced a usable envelope. The spec's
 * three messages come from the domain; `contract` is ours, raised only when development builds
 * parse responses with the contract's schemas.
 */
export const CLIENT_ERROR_MESSAGES = {
  ...SPEC_CLIENT_ERROR_MESSAGES,
  contract: 'Response does not match the contract',
} as const;

export type ApiClientErrorKind = keyof typeof CLIENT_ERROR_MESSAGES;

/** Name of the DOM event fired on `globalThis` for network and parse failures (spec 1 §8). */
export const API_CLIENT_ERROR_EVENT = 'api-client-error';

export interface ApiClientErrorDetail {
  kind: ApiClientErrorKind;
  message: string;
  path: string;
}

export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  constructor(
    readonly kind: ApiClientErrorKind,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(CLIENT_ERROR_MESSAGES[kind], options);
  }
}

/** The server answered with a non-zero `Error.Number` (spec 1 §8 catalogue). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly number: number,
    message: string,
    readonly status: number,
    readonly path: string,
    /** `Error.Reason` of a refusal that is not about the item (DevicesLimitReached, decision 018). */
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, number?: number): error is ApiError {
  return error instanceof ApiError && (number === undefined || error.number === number);
}

export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError;
}
