import { FORGOT_LOGIN_OPERATORS } from '../constants';
import type { ValidationResult } from './validation-message-key';

/**
 * Forgot login needs an operator from the dropdown, 0 meaning none chosen (spec 1 §2, §5).
 * A value outside 1..5 cannot come from the dropdown, so it counts as no choice.
 */
export function validateOperatorId(operatorId: number | string | null | undefined): ValidationResult {
  const id = Number(operatorId);
  return FORGOT_LOGIN_OPERATORS.some((operator) => operator.id === id) ? null : 'operatorEmpty';
}
