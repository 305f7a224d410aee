import { describe, expect, it } from 'vitest';
import { ApiError, apiError, isApiError } from './api-error';
import { ApiErrorNumber } from './api-error-catalogue';
import { CLIENT_ERROR_MESSAGES, firesClientErrorEvent } from './client-error-messages';

describe('ApiError carries its number and status (spec 1 §7 Error object, spec 1 §8)', () => {
  it('defaults the message to the catalogue meaning', () => {
    const error = apiError(ApiErrorNumber.ContentNotFound);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(error.name).toBe('ApiError');
    expect(error.number).toBe(20);
    expect(error.status).toBe(404);
    expect(error.message).toBe('content not found');
  });

  it('keeps an explicit message', () => {
    const error = apiError(ApiErrorNumber.BadParameter, 'msisdn must be a French mobile number');
    expect(error.message).toBe('msisdn must be a French mobile number');
    expect(error.status).toBe(400);
  });

  it('does not take a plain Error for an ApiError', () => {
    expect(isApiError(new Error('x'))).toBe(false);
  });
});

describe('client error messages (spec 1 §8, spec 2 §8)', () => {
  it('uses the exact wordings', () => {
    expect(CLIENT_ERROR_MESSAGES).toEqual({
      network: 'API Error: network error',
      parse: "can't parse json",
      empty: 'Empty response',
    });
  });

  it('fires the client-error event for the first two only', () => {
    expect(firesClientErrorEvent('network')).toBe(true);
    expect(firesClientErrorEvent('parse')).toBe(true);
    expect(firesClientErrorEvent('empty')).toBe(false);
  });
});
