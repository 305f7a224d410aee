import type { Kysely } from 'kysely';
import type { AdminPromoCode, AdminPromoCodeRedeemer } from '@playz/api-contract/admin';
import type { Database } from '../../db/schema';

/** Writes the change's audit entry inside the change's own transaction. */
export type RecordPromoCodeChange = (
  trx: Kysely<Database>,
  change: { before: unknown; after: unknown },
) => Promise<void>;

/** What the console asks of the accounts module's promo codes (decision 090), through its front door. */
export interface PromoCodeDesk {
  list(page: { after?: string; limit: number }): Promise<{ promoCodes: AdminPromoCode[]; next: string | null }>;
  detail(code: string): Promise<{ code: AdminPromoCode; redeemers: AdminPromoCodeRedeemer[] }>;
  create(
    input: { code: string; days: number; maxRedemptions: number | null; expiresAt: string | null; by: string },
    record: RecordPromoCodeChange,
  ): Promise<AdminPromoCode>;
  disable(code: string, record: RecordPromoCodeChange): Promise<{ code: AdminPromoCode; repeated: boolean }>;
}
