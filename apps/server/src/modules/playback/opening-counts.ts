import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';

/**
 * Openings (decisions 044, 045), counted per customer (a new log-in is no new count). A customer
 * may ask OPENING_CONTENT_RULE.max of one content in ten minutes, unless they then play it with a
 * device place (its View stream clears the count): at four segments at most each, a film cannot be
 * watched through openings. Pointing at many cards is browsing; OPENING_CUSTOMER_RULE only bounds
 * a client that hammers.
 */
export const OPENING_CONTENT_RULE: RateLimitRule = { max: 3, windowMs: 10 * 60_000 };
export const OPENING_CUSTOMER_RULE: RateLimitRule = { max: 30, windowMs: 60_000 };

const contentKey = (customerId: number, rawId: string) =>
  `opening:${customerId}:${/^\d{1,15}$/.test(rawId) ? Number(rawId) : rawId}`;

/** Counts one opening of `rawId`; throws TooManyAttemptsError past either rule. */
export function countOpening(limiter: RateLimiter, customerId: number, rawId: string, nowMs: number) {
  const checks = [
    { key: `opening:${customerId}`, rule: OPENING_CUSTOMER_RULE },
    { key: contentKey(customerId, rawId), rule: OPENING_CONTENT_RULE },
  ];
  return countAttempts(limiter, checks, nowMs);
}

/** Playing the content with a device place: the openings asked of it were the viewer choosing. */
export const clearOpeningCount = (limiter: RateLimiter, customerId: number, rawId: string) =>
  limiter.reset(contentKey(customerId, rawId));
