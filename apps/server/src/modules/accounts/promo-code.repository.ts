import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface LivePromoCode {
  code: string;
  demoCampaignId: number;
  /** The campaign's free days; null: no limit. */
  durationDays: number | null;
  /** The campaign's own end, if it has one. */
  campaignEndsAt: string | null;
}

/** How many accounts carry the code `p.code` (the redemptions a cap counts, decision 090). */
const redeemedCount = (eb: ExpressionBuilder<Database & { p: Database['promo_codes'] }, 'p'>) =>
  eb
    .selectFrom('customers as r')
    .select((c) => c.fn.countAll<number>().as('n'))
    .whereRef('r.promo_code', '=', 'p.code');

/** Promo codes (migration 006) and their redemption on an account (decision 019). */
export function createPromoCodeRepository(db: Kysely<Database>) {
  return {
    /** The code if it exists and neither it nor its campaign has ended at `nowIso`. */
    async findLive(code: string, nowIso: string): Promise<LivePromoCode | undefined> {
      const row = await db
        .selectFrom('promo_codes as p')
        .innerJoin('demo_campaigns as c', 'c.id', 'p.demo_campaign_id')
        .select(['p.code', 'p.demo_campaign_id', 'c.duration_days', 'c.expiration_date'])
        .where('p.code', '=', code)
        // Disabled from the console, or its cap reached (decision 090): refused like an ended code.
        .where('p.disabled_at', 'is', null)
        .where((eb) => eb.or([eb('p.max_redemptions', 'is', null), eb('p.max_redemptions', '>', redeemedCount(eb))]))
        .where((eb) => eb.or([eb('p.expires_at', 'is', null), eb('p.expires_at', '>', nowIso)]))
        .where((eb) => eb.or([eb('c.expiration_date', 'is', null), eb('c.expiration_date', '>', nowIso)]))
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        code: row.code,
        demoCampaignId: row.demo_campaign_id,
        durationDays: row.duration_days,
        campaignEndsAt: row.expiration_date,
      };
    },

    /**
     * Records the code on the account and opens its campaign. Only an account without a code
     * takes one, so a replayed call cannot extend the free days. Answers the account id, or
     * undefined when nothing changed.
     */
    async redeem(
      customerUid: string,
      values: { code: string; redeemedAt: string; demoCampaignId: number; demoExpiresAt: string | null },
    ): Promise<number | undefined> {
      const row = await db
        .updateTable('customers')
        .set({
          promo_code: values.code,
          promo_redeemed_at: values.redeemedAt,
          demo_campaign_id: values.demoCampaignId,
          demo_expires_at: values.demoExpiresAt,
        })
        .where('uid', '=', customerUid)
        .where('promo_code', 'is', null)
        // Checked again as it is written: a code capped or disabled since the check is not taken.
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('promo_codes as p')
              .select('p.code')
              .where('p.code', '=', values.code)
              .where('p.disabled_at', 'is', null)
              .where((inner) =>
                inner.or([
                  inner('p.max_redemptions', 'is', null),
                  inner('p.max_redemptions', '>', redeemedCount(inner)),
                ]),
              ),
          ),
        )
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
  };
}
export type PromoCodeRepository = ReturnType<typeof createPromoCodeRepository>;
