import type { Kysely } from 'kysely';
import type { MarketingTracker } from '@playz/api-contract';
import type { Database } from '../../../db/schema';
import { GOOGLE_TAG_HOST, isAllowedTagUrl } from '../../../lib/tag-hosts';

/** Setting holding the operator's trackers: `{"visit": [...], "subscription": [...]}` (spec 3 §3). */
export const MARKETING_TRACKERS_KEY = 'billing.marketing-trackers';

interface StoredTrackers {
  visit?: (MarketingTracker & { productIds?: number[] })[];
  subscription?: (MarketingTracker & { productIds?: number[] })[];
}

/** Data fields whose tag is a Google script (gtm.js, gtag.js). */
const GOOGLE_TAG_FIELDS = ['gtmID', 'googleGtagID', 'googleGdmID'] as const;

/**
 * What of a tracker a browser may load under the page's CSP (decision 088): image pixels always
 * (img-src allows any https host); a `script`, a `url` called by script or iframe (`method`), and
 * Google's tags only from the operator's MARKETING_TAG_HOSTS. What needs another host is left
 * out, so the browser is never asked to load what its policy would block; a tracker left with
 * nothing to fire is dropped.
 */
export function loadableTracker(tracker: MarketingTracker, hosts: readonly string[]): MarketingTracker | null {
  const data = { ...tracker.Data };
  const method = (data.method ?? 'image').toLowerCase();
  if (data.script !== undefined && !isAllowedTagUrl(data.script, hosts)) delete data.script;
  if ((method === 'script' || method === 'iframe') && !isAllowedTagUrl(data.url, hosts)) delete data.url;
  if (!hosts.includes(GOOGLE_TAG_HOST)) for (const field of GOOGLE_TAG_FIELDS) delete data[field];
  const fires = ['url', 'script', 'pixelID', 'facebookID', 'twitterID', 'conversionID', ...GOOGLE_TAG_FIELDS].some(
    (field) => data[field] !== undefined,
  );
  return fires ? { Name: tracker.Name, Data: data } : null;
}

/**
 * Marketing trackers (spec 3 §3, §4) as the operator configured them; a tracker may be limited
 * to some products. The client fires them only with advertising consent.
 */
export function createMarketingTrackers(db: Kysely<Database>, tagHosts: readonly string[] = []) {
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
        .flatMap((t) => loadableTracker({ Name: t.Name, Data: t.Data }, tagHosts) ?? []);
    },
  };
}
