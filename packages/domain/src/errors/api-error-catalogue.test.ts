import { describe, expect, it } from 'vitest';
import {
  ApiErrorNumber,
  apiErrorMessage,
  httpStatusForError,
  isApiErrorNumber,
  isNotFoundError,
} from './api-error-catalogue';

describe('API error numbers (spec 1 §8, spec 2 §8, spec 3 §8)', () => {
  it('holds every number of the three catalogues', () => {
    const numbers = Object.values(ApiErrorNumber).sort((a, b) => a - b);
    expect(numbers).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 30, 31, 32, 33, 34, 40,
      41, 42, 100, 101,
    ]);
  });

  it.each([
    [ApiErrorNumber.Ok, 'ok'],
    [ApiErrorNumber.Error, 'error'],
    [ApiErrorNumber.MissingParameter, 'missing parameter'],
    [ApiErrorNumber.BadParameter, 'bad parameter'],
    [ApiErrorNumber.ActionNotFound, 'action not found'],
    [ApiErrorNumber.AuthenticationFailed, 'authentication failed'],
    [ApiErrorNumber.EmailAlreadyExists, 'email already exists'],
    [ApiErrorNumber.SsoIdNotValid, 'SSO id not valid'],
    [ApiErrorNumber.ContentListNotFound, 'content list not found'],
    [ApiErrorNumber.CharacterNotFound, 'character not found'],
    [ApiErrorNumber.BillingParamsNotFound, 'billing params not found'],
    [ApiErrorNumber.CustomerTokenExpired, 'customer token expired'],
  ])('number %i reads %s', (number, message) => {
    expect(apiErrorMessage(number)).toBe(message);
  });

  it('reads an unknown number as the generic error', () => {
    expect(isApiErrorNumber(99)).toBe(false);
    expect(apiErrorMessage(99)).toBe('error');
  });
});

describe('HTTP status per error number (spec 1 §8 not-found family, CONVENTIONS §4)', () => {
  it('treats 6, 7, 20, 21, 22, 100 and 101 as not-found (404), plus 23-25', () => {
    for (const n of [6, 7, 20, 21, 22, 100, 101, 23, 24, 25]) {
      expect(isNotFoundError(n)).toBe(true);
      expect(httpStatusForError(n)).toBe(404);
    }
    expect(isNotFoundError(ApiErrorNumber.ProductNotFound)).toBe(false);
  });

  it.each([
    [0, 200],
    [11, 401],
    [42, 401],
    [4, 403],
    [1, 500],
    [5, 500],
    [12, 409],
    [19, 409],
    [40, 409],
    [2, 400],
    [3, 400],
    [13, 400],
    [14, 400],
    [30, 400],
    [41, 400],
    [999, 400],
  ])('number %i gives HTTP %i', (number, status) => {
    expect(httpStatusForError(number)).toBe(status);
  });

  it('never answers bad input with a 5xx', () => {
    for (const n of Object.values(ApiErrorNumber)) {
      if (n !== 1 && n !== 5) expect(httpStatusForError(n)).toBeLessThan(500);
    }
  });
});
