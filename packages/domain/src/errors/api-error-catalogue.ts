// The API error catalogue: every number of spec 1 §8, spec 2 §8 and spec 3 §8 in one place,
// with its HTTP status, so no handler picks a status by itself (CONVENTIONS §4).

export const ApiErrorNumber = {
  Ok: 0,
  Error: 1,
  MissingParameter: 2,
  BadParameter: 3,
  Forbidden: 4,
  InternalError: 5,
  ActionNotFound: 6,
  NotFound: 7,
  ServiceNotFound: 10,
  AuthenticationFailed: 11,
  EmailAlreadyExists: 12,
  EmailNotValid: 13,
  PasswordNotValid: 14,
  EmailNotFound: 15,
  PlatformNotFound: 16,
  SsoIdNotValid: 17,
  SsoSourceNotValid: 18,
  SsoIdAlreadyExists: 19,
  ContentNotFound: 20,
  ContentListNotFound: 21,
  ChannelNotFound: 22,
  CategoryNotFound: 23,
  CollectionNotFound: 24,
  CharacterNotFound: 25,
  ReceiptNotValid: 30,
  ProductNotFound: 31,
  BillingNotFound: 32,
  BillingTypeNotFound: 33,
  BillingParamsNotFound: 34,
  UsernameAlreadyExists: 40,
  UsernameInvalid: 41,
  CustomerTokenExpired: 42,
  // The spec gives no meaning for 100 and 101, only that they are "treated as not-found
  // (HTTP 404)" (spec 1 §8, spec 2 §8). The names are ours: live events and seasons are the
  // catalogue items that have no number of their own.
  LiveEventNotFound: 100,
  SeasonNotFound: 101,
} as const;

export type ApiErrorNumber = (typeof ApiErrorNumber)[keyof typeof ApiErrorNumber];

// English meanings worded exactly as the spec's tables (spec 1 §8, spec 2 §8, spec 3 §8).
const MESSAGES: Record<ApiErrorNumber, string> = {
  0: 'ok',
  1: 'error',
  2: 'missing parameter',
  3: 'bad parameter',
  4: 'forbidden',
  5: 'internal error',
  6: 'action not found',
  7: 'not found',
  10: 'service not found',
  11: 'authentication failed',
  12: 'email already exists',
  13: 'email not valid',
  14: 'password not valid',
  15: 'email not found',
  16: 'platform not found',
  17: 'SSO id not valid',
  18: 'SSO source not valid',
  19: 'SSO id already exists',
  20: 'content not found',
  21: 'content list not found',
  22: 'channel not found',
  23: 'category not found',
  24: 'collection not found',
  25: 'character not found',
  30: 'receipt not valid',
  31: 'product not found',
  32: 'billing not found',
  33: 'billing type not found',
  34: 'billing params not found',
  40: 'username already exists',
  41: 'username invalid',
  42: 'customer token expired',
  // Not worded by the spec (see above).
  100: 'live event not found',
  101: 'season not found',
};

const ALL_NUMBERS = new Set<number>(Object.values(ApiErrorNumber));

// spec 1 §8 / spec 2 §8 list 6, 7, 20, 21, 22, 100, 101 as not-found. 23, 24 and 25 (category,
// collection, character) are missing catalogue items too, so they join the family (our decision).
const NOT_FOUND = new Set<number>([6, 7, 20, 21, 22, 23, 24, 25, 100, 101]);

// A wrong login or an expired customer token asks the client to authenticate again.
const UNAUTHORIZED = new Set<number>([11, 42]);

// "Already exists" is a conflict with stored state, not malformed input.
const CONFLICT = new Set<number>([12, 19, 40]);

// Only real server faults are 5xx: bad input is never a 5xx (CONVENTIONS §4).
const SERVER_FAULT = new Set<number>([1, 5]);

export function isApiErrorNumber(value: number): value is ApiErrorNumber {
  return ALL_NUMBERS.has(value);
}

/** English catalogue meaning; an unknown number reads as the generic 'error'. */
export function apiErrorMessage(number: number): string {
  return isApiErrorNumber(number) ? MESSAGES[number] : MESSAGES[1];
}

export function isNotFoundError(number: number): boolean {
  return NOT_FOUND.has(number);
}

/** HTTP status for an error number; anything not listed is the client's fault (400). */
export function httpStatusForError(number: number): number {
  if (number === ApiErrorNumber.Ok) return 200;
  if (NOT_FOUND.has(number)) return 404;
  if (UNAUTHORIZED.has(number)) return 401;
  if (number === ApiErrorNumber.Forbidden) return 403;
  if (SERVER_FAULT.has(number)) return 500;
  if (CONFLICT.has(number)) return 409;
  return 400;
}
