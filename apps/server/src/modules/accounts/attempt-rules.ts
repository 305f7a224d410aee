import type { RateLimitRule } from '../../lib/rate-limiter';

const MINUTE = 60_000;

/**
 * How many attempts each guarded call allows (decision 010: per account and per address; password
 * guesses have their own guard, password-guard.ts, decision 032). The
 * per-address numbers are higher because many people can share one address (offices, mobile
 * carriers); the per-account ones are what stops guessing one account's secret.
 */
export const ATTEMPT_RULES = {
  /** Register and check-login are the two calls that say whether an e-mail has an account. */
  registerPerLogin: { max: 5, windowMs: 60 * MINUTE },
  registerPerAddress: { max: 20, windowMs: 60 * MINUTE },
  checkLoginPerAddress: { max: 30, windowMs: 15 * MINUTE },
  /** "5 wrong codes in 15 minutes lock checks for that customer" (decision 009). */
  parentalCodePerCustomer: { max: 5, windowMs: 15 * MINUTE },
  parentalCodePerAddress: { max: 20, windowMs: 15 * MINUTE },
  /**
   * Forgotten parental code (decision 019): the account password is guessed here too, so each
   * try also goes through the password guard (password-guard.ts); this one stops a session
   * hammering it.
   */
  parentalCodeResetPerCustomer: { max: 5, windowMs: 15 * MINUTE },
  /** Registrations naming a promo code, counted before the lookup (decision 019). */
  promoCodePerAddress: { max: 20, windowMs: 60 * MINUTE },
  errorLogPerAddress: { max: 30, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export const attemptKeys = {
  registerLogin: (login: string) => `register:account:${login}`,
  registerAddress: (ip: string) => `register:ip:${ip}`,
  checkLoginAddress: (ip: string) => `check-login:ip:${ip}`,
  parentalCustomer: (customerId: number) => `parental:customer:${customerId}`,
  parentalAddress: (ip: string) => `parental:ip:${ip}`,
  parentalResetCustomer: (customerId: number) => `parental-reset:customer:${customerId}`,
  promoCodeAddress: (ip: string) => `promo:ip:${ip}`,
  errorLogAddress: (ip: string) => `error-log:ip:${ip}`,
};
