import { verify } from '@node-rs/argon2';
import { ApiErrorNumber, apiError, validateParentalCode } from '@playz/domain';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';
import { ATTEMPT_RULES, attemptKeys } from './attempt-rules';

interface CodeHolder {
  id: number;
  parental_code_hash: string | null;
}

/**
 * Compares codes with the stored argon2id hash (docs/decisions/003) behind a lockout: every
 * check counts, a right code forgets the count, and once 5 checks in the window went wrong the
 * 6th is refused whatever the code, until the window ends (decision 009).
 */
export function createParentalCodeService(deps: { limiter: RateLimiter; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function isRight(customer: CodeHolder, code: string, ip: string): Promise<boolean> {
    if (validateParentalCode(code) !== null) throw apiError(ApiErrorNumber.BadParameter);
    if (customer.parental_code_hash === null) return false;
    await countAttempts(
      deps.limiter,
      [
        { key: attemptKeys.parentalCustomer(customer.id), rule: ATTEMPT_RULES.parentalCodePerCustomer },
        { key: attemptKeys.parentalAddress(ip), rule: ATTEMPT_RULES.parentalCodePerAddress },
      ],
      now().getTime(),
    );
    const right = await verify(customer.parental_code_hash, code);
    if (right) await deps.limiter.reset(attemptKeys.parentalCustomer(customer.id));
    return right;
  }

  return {
    isRight,

    /** For changes guarded by the code: a wrong or missing code is 4 (forbidden). */
    async assertRight(customer: CodeHolder, code: string | undefined, ip: string): Promise<void> {
      if (customer.parental_code_hash === null) return;
      if (code === undefined || code === '') throw apiError(ApiErrorNumber.Forbidden);
      if (!(await isRight(customer, code, ip))) throw apiError(ApiErrorNumber.Forbidden);
    },
  };
}
export type ParentalCodeService = ReturnType<typeof createParentalCodeService>;
