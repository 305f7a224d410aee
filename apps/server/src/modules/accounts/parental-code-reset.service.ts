import { hash, verify } from '@node-rs/argon2';
import type { Customer } from '@playz/api-contract';
import { ApiErrorNumber, apiError, validateParentalCode } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';
import type { AccountsRepository, CustomerRow } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import { ATTEMPT_RULES, attemptKeys } from './attempt-rules';
import { passwordGuardAccount, type PasswordGuard } from './password-guard';
import type { SessionRepository } from '../../sessions/session.repository';
import { accountOf, customerOf } from './signed-in-account';

/** How recent a social sign-in must be to stand for the password it does not have. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Forgotten parental code (decision 019): a new code without the old one, once the customer has
 * proved who they are. With a password, by typing it; without (social sign-on), by having just
 * signed in again with the provider, from a profile that is not a kids profile.
 */
export function createParentalCodeResetService(deps: {
  accounts: AccountsRepository;
  sessions: Pick<SessionRepository, 'startedAt'>;
  customers: Pick<AccountsService, 'customerById'>;
  limiter: RateLimiter;
  passwordGuard: PasswordGuard;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /**
   * The password is the account's master key: whoever knows it may already leave a kids profile
   * by signing in again, so confirming it is allowed from a kids profile too.
   */
  async function confirmPassword(
    row: CustomerRow & { password_hash: string },
    password: string | undefined,
    ip: string,
  ) {
    if (password === undefined || password === '') throw apiError(ApiErrorNumber.MissingParameter);
    await countAttempts(
      deps.limiter,
      [{ key: attemptKeys.parentalResetCustomer(row.id), rule: ATTEMPT_RULES.parentalCodeResetPerCustomer }],
      now().getTime(),
    );
    // The same secret as log-in: guesses here spend log-in's budget for this account and address.
    const account = passwordGuardAccount(row);
    await deps.passwordGuard.beforeGuess(account, ip);
    if (!(await verify(row.password_hash, password))) throw apiError(ApiErrorNumber.PasswordNotValid);
    await deps.limiter.reset(attemptKeys.parentalResetCustomer(row.id));
    await deps.passwordGuard.succeeded(account, ip);
  }

  /** No password: the session must be a fresh provider sign-in, not a kids profile's. */
  async function confirmRecentSignIn(auth: CustomerAuth) {
    if (auth.isKidsProfile) throw apiError(ApiErrorNumber.Forbidden);
    const startedAt = await deps.sessions.startedAt(auth.sessionId);
    if (!startedAt || now().getTime() - Date.parse(startedAt) > RECENT_SIGN_IN_MS) {
      throw apiError(ApiErrorNumber.CustomerTokenExpired);
    }
  }

  return {
    async reset(auth: CustomerAuth, input: { password?: string; code: string }, ip: string): Promise<Customer> {
      const row = await accountOf(deps.accounts, auth);
      if (validateParentalCode(input.code) !== null) throw apiError(ApiErrorNumber.BadParameter);
      const passwordHash = row.password_hash;
      if (passwordHash !== null) await confirmPassword({ ...row, password_hash: passwordHash }, input.password, ip);
      else await confirmRecentSignIn(auth);
      await deps.accounts.update(row.id, { parental_code_hash: await hash(input.code) });
      // The new code works at once, even if wrong guesses of the old one had locked the checks.
      await deps.limiter.reset(attemptKeys.parentalCustomer(row.id));
      return customerOf(deps.customers, auth);
    },
  };
}
export type ParentalCodeResetService = ReturnType<typeof createParentalCodeResetService>;
