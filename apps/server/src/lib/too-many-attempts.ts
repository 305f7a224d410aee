import { ApiError, ApiErrorNumber } from '@playz/domain';
import { translate } from '@playz/i18n';
import type { RateLimiter, RateLimitRule } from './rate-limiter';

/**
 * Refusal of a rate-limited call (log-in, register, recovery, link codes, parental code: decision 010).
 * The spec has no number for it, so the client reads 4 (forbidden) as for any refusal, while
 * HTTP says 429 with Retry-After so proxies and scripts back off. The message is translated by
 * the error handler through `messageKey` (fr here only as the fallback text).
 */
export class TooManyAttemptsError extends ApiError {
  override readonly status: number = 429;
  readonly messageKey = 'errors.tooManyAttempts' as const;
  /** Seconds until the window that refused the call ends (Retry-After header). */
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(ApiErrorNumber.Forbidden, translate('fr', 'errors.tooManyAttempts'));
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/**
 * Counts one attempt against every key (e.g. the account and the address) and throws
 * TooManyAttemptsError when any of them is over its rule. Every key is counted even when an
 * earlier one already refuses, so an attacker cannot keep one counter low by tripping the other.
 */
export async function countAttempts(
  limiter: RateLimiter,
  checks: { key: string; rule: RateLimitRule }[],
  nowMs: number,
): Promise<void> {
  let refusedUntil = 0;
  for (const { key, rule } of checks) {
    const verdict = await limiter.hit(key, rule);
    if (!verdict.allowed) refusedUntil = Math.max(refusedUntil, verdict.resetAt);
  }
  if (refusedUntil > 0) throw new TooManyAttemptsError((refusedUntil - nowMs) / 1000);
}

/** countAttempts with one rule for all the keys. */
export function countAttempt(limiter: RateLimiter, keys: string[], rule: RateLimitRule, nowMs: number): Promise<void> {
  return countAttempts(
    limiter,
    keys.map((key) => ({ key, rule })),
    nowMs,
  );
}
