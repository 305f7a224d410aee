import { describe, expect, it } from 'vitest';
import { validateOperatorId } from './operator.validator';

describe('forgot-login operator (spec 1 §2, §5; spec 3 §5)', () => {
  it.each([1, 2, 3, 4, 5, '3'])('accepts operator %j', (id) => {
    expect(validateOperatorId(id)).toBeNull();
  });

  it.each([0, '0', '', null, undefined, 6, 99, 'orange'])('reports %j as operatorEmpty', (id) => {
    expect(validateOperatorId(id)).toBe('operatorEmpty');
  });
});
