import { describe, expect, it } from 'vitest';
import { validateDateOfBirth } from './date-of-birth.validator';

const today = new Date('2026-11-29T10:00:00Z');

describe('spec 1 §3 Customer dateOfBirth (decision 058 addendum)', () => {
  it('spec 1 §3 dateOfBirth: optional, a real day in YYYY-MM-DD', () => {
    expect(validateDateOfBirth('', today)).toBeNull();
    expect(validateDateOfBirth('1984-02-29', today)).toBeNull();
    expect(validateDateOfBirth('1985-02-29', today)).toBe('dateOfBirthInvalid');
    expect(validateDateOfBirth('1984-13-01', today)).toBe('dateOfBirthInvalid');
    expect(validateDateOfBirth('29/02/1984', today)).toBe('dateOfBirthInvalid');
  });

  it('spec 1 §3 dateOfBirth: not after today, at most 120 years back', () => {
    expect(validateDateOfBirth('2026-11-29', today)).toBeNull();
    expect(validateDateOfBirth('2026-11-30', today)).toBe('dateOfBirthInvalid');
    expect(validateDateOfBirth('1906-01-01', today)).toBeNull();
    expect(validateDateOfBirth('1905-12-31', today)).toBe('dateOfBirthInvalid');
  });
});
