import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validatePassword, validatePasswordConfirmation } from './password.validator';

describe('password (spec 1 §5, §9: minimum 5 characters)', () => {
  it('rejects an empty password', () => {
    expect(validatePassword('')).toBe('passwordEmpty');
  });

  it('finds 4 characters or fewer too short and accepts 5', () => {
    expect(validatePassword('a')).toBe('passwordTooShort');
    expect(validatePassword('abcd')).toBe('passwordTooShort');
    expect(validatePassword('abcde')).toBeNull();
  });

  it('counts characters, not UTF-16 units, and keeps spaces', () => {
    expect(validatePassword('😀😀')).toBe('passwordTooShort');
    expect(validatePassword('     ')).toBeNull();
  });

  it('accepts every password of 5 characters or more (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 5, unit: 'grapheme-ascii' }), (value) => {
        expect(validatePassword(value)).toBeNull();
      }),
    );
  });
});

describe('password confirmation (spec 1 §5)', () => {
  it('must match the password', () => {
    expect(validatePasswordConfirmation('secret1', 'secret1')).toBeNull();
    expect(validatePasswordConfirmation('secret1', 'secret2')).toBe('passwordMismatch');
  });

  it('is mandatory at registration', () => {
    expect(validatePasswordConfirmation('secret1', '')).toBe('passwordEmpty');
  });
});
