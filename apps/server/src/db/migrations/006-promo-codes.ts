import type { Kysely } from 'kysely';

/** The demo campaign a BIENVENUE code opens: 7 days of the whole service (decision 019). */
export const WELCOME_PROMO = { code: 'BIENVENUE', demoCampaignId: 2, campaignName: 'Code BIENVENUE', days: 7 };

/**
 * Promo codes at registration (spec 1 §2, §5; decision 019). A code opens a demo campaign, so
 * its free days are the campaign's `duration_days` and the access rule stays the one of
 * `hasFullAccess`. The customer keeps the code and when it was redeemed, shown on the account.
 * The welcome code is inserted here rather than by the seed so existing databases get it too.
 */
export function promoCodesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('promo_codes')
        // Stored upper case (normalizePromoCode); codes are compared without case.
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('demo_campaign_id', 'integer', (c) => c.notNull().references('demo_campaigns.id'))
        // null: the code never expires.
        .addColumn('expires_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('customers').addColumn('promo_code', 'text').execute();
      await db.schema.alterTable('customers').addColumn('promo_redeemed_at', 'text').execute();

      const created = new Date().toISOString();
      const campaigns = db as unknown as Kysely<{
        demo_campaigns: { id: number; name: string; duration_days: number | null; expiration_date: string | null };
        promo_codes: { code: string; demo_campaign_id: number; expires_at: string | null; created_at: string };
      }>;
      const taken = await campaigns
        .selectFrom('demo_campaigns')
        .select('id')
        .where('id', '=', WELCOME_PROMO.demoCampaignId)
        .executeTakeFirst();
      if (taken) return; // an operator's campaign already holds the id: leave the code out
      await campaigns
        .insertInto('demo_campaigns')
        .values({
          id: WELCOME_PROMO.demoCampaignId,
          name: WELCOME_PROMO.campaignName,
          duration_days: WELCOME_PROMO.days,
          expiration_date: null,
        })
        .execute();
      await campaigns
        .insertInto('promo_codes')
        .values({
          code: WELCOME_PROMO.code,
          demo_campaign_id: WELCOME_PROMO.demoCampaignId,
          expires_at: null,
          created_at: created,
        })
        .execute();
    },
  };
}
