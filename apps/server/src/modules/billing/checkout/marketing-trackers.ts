import type { Kysely } from 'kysely';
import type { MarketingTracker } from '@playz/api-contract';
import type { Database } from '../../../db/schema';

/** Setting holding the operator's trackers: `{"visit": [...], "subscription": [...]}` (spec 3 §3). */
export const MARKETING_TRACKERS_KEY = 'billing.marketing-trackers';

interface StoredTrackers {
  visit?: (MarketingTracker & { productIds?: number[] })[];
  subscription?: (MarketingTracker & { productIds?: number[] })[];
}

/**
 * Marketing trackers (spec 3 §3, §4) as the operator configured them; a tracker may be limited
 * to some products. The client fires them only with advertising consent.
 */
export function createMarketingTrackers(db: Kysely<Database>) {
  return {
    async forProduct(productId: number, action: 'visit' | 'subscription'): Promise<MarketingTracker[]> {
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', MARKETING_TRACKERS_KEY)
        .executeTakeFirst();
      let stored: StoredTrackers = {};
      try {
        stored = row ? (JSON.parse(row.value) as StoredTrackers) : {};
      } catch {
        stored = {};
      }
      return (stored[action] ?? [])
        .filter((t) => !t.productIds || t.productIds.includes(productId))
        .map((t) => ({ Name: t.Name, Data: t.Data }));
    },
  };
}
