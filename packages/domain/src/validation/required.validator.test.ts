import { describe, expect, it } from 'vitest';
import { validateFirstName, validateLastName, validateRequired } from './required.validator';

describe('required fields: first name and last name (spec 1 §5)', () => {
  it('rejects empty, blank and missing values', () => {
    expect(validateRequired('')).toBe('required');
    expect(validateRequired('  ')).toBe('required');
    expect(validateRequired(undefined)).toBe('required');
    expect(validateFirstName('')).toBe('required');
    expect(validateLastName('')).toBe('required');
  });

  it('accepts a real name', () => {
    expect(validateFirstName('Zoé')).toBeNull();
    expect(validateLastName("N'Diaye")).toBeNull();
  });
});
