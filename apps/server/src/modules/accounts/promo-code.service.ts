import { ApiErrorNumber, apiError, normalizePromoCode, validatePromoCode } from '@playz/domain';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';
import { ATTEMPT_RULES, attemptKeys } from './attempt-rules';
import type { LivePromoCode, PromoCodeRepository } from './promo-code.repository';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Promo codes at registration (spec 1 §2 "optional promo code", §5; decision 019). A given code is
 * checked before the account exists: malformed is 3, unknown or ended is 7, and in both cases
 * nothing is created, so the viewer can correct the code or clear the field. A valid code opens
 * its demo campaign for the campaign's number of days.
 */
export function createPromoCodeService(deps: { repo: PromoCodeRepository; limiter: RateLimiter; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  return {
    /** The live code named by `raw`; null when none was given (absent or blank). */
    async check(raw: string | undefined, ip: string): Promise<LivePromoCode | null> {
      if (raw === undefined || raw.trim() === '') return null;
      if (validatePromoCode(raw) !== null) throw apiError(ApiErrorNumber.BadParameter);
      // Counted before the lookup, like link codes: a refused guess learns nothing (decision 011).
      await countAttempts(
        deps.limiter,
        [{ key: attemptKeys.promoCodeAddress(ip), rule: ATTEMPT_RULES.promoCodePerAddress }],
        now().getTime(),
      );
      const live = await deps.repo.findLive(normalizePromoCode(raw), now().toISOString());
      if (!live) throw apiError(ApiErrorNumber.NotFound);
      return live;
    },

    /** Puts a checked code on a new account; answers the account id (undefined if it had one). */
    redeem(customerUid: string, promo: LivePromoCode): Promise<number | undefined> {
      const t = now();
      const byDays = promo.durationDays !== null ? new Date(t.getTime() + promo.durationDays * DAY_MS) : null;
      const campaignEnd = promo.campaignEndsAt !== null ? new Date(promo.campaignEndsAt) : null;
      // The free days never outlast the campaign itself.
      const ends = byDays && campaignEnd ? (byDays < campaignEnd ? byDays : campaignEnd) : (byDays ?? campaignEnd);
      return deps.repo.redeem(customerUid, {
        code: promo.code,
        redeemedAt: t.toISOString(),
        demoCampaignId: promo.demoCampaignId,
        demoExpiresAt: ends ? ends.toISOString() : null,
      });
    },
  };
}
export type PromoCodeService = ReturnType<typeof createPromoCodeService>;
