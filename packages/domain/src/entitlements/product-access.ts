import type { Access, ProductAccess, PurchasedItem } from './access';
import { isSubscriptionValid, type SubscriptionLike } from './subscription-validity';

export const ALL_PRODUCT_ACCESS: readonly ProductAccess[] = ['service', 'replay', 'video'];

/** Which access a product sold in spec 3 §3 gives. Purchases give per-item access, not a type. */
export function accessOfProduct(product: string): ProductAccess | null {
  switch (product) {
    case 'Service':
      return 'service';
    case 'ReplaySubscription':
      return 'replay';
    case 'Video':
    case 'VideoComedy':
      return 'video';
    default:
      return null;
  }
}

export interface DemoCampaignLike {
  /** null = unlimited (spec 1 §3). */
  expiresAt: string | null;
}

/** Demo access (hasFullAccess) lasts its campaign's days, or for ever when unlimited. */
export function hasFullAccess(demo: DemoCampaignLike | null, now: Date): boolean {
  if (!demo) return false;
  return demo.expiresAt === null || Date.parse(demo.expiresAt) > now.getTime();
}

export function productAccessOf(
  subscriptions: (SubscriptionLike & { product: string })[],
  demo: DemoCampaignLike | null,
  now: Date,
): ProductAccess[] {
  if (hasFullAccess(demo, now)) return [...ALL_PRODUCT_ACCESS];
  const access = new Set<ProductAccess>();
  for (const s of subscriptions) {
    const a = isSubscriptionValid(s, now) ? accessOfProduct(s.product) : null;
    if (a) access.add(a);
  }
  return ALL_PRODUCT_ACCESS.filter((a) => access.has(a));
}

/** The players of spec 2 §4 / spec 3 §4 and the access each needs. */
export type PlayerKind = 'live' | 'content' | 'list' | 'episode';

/**
 * spec 2 §4 / spec 3 §4: the offer types a player needs, or a purchase of one of `items` (the
 * content, its list, the live event), spec 3 §4 "a subscription or purchase of the requested product".
 */
export function canPlay(kind: PlayerKind, access: readonly Access[], items: readonly PurchasedItem[] = []): boolean {
  if (access.includes('service')) return true;
  if (items.some((item) => access.includes(item))) return true;
  return kind === 'episode' ? access.includes('video') : access.includes('replay');
}

/** The one entitlement decision (ARCHITECTURE 3): View when entitled, otherwise Preview. */
export function playbackUsage(
  kind: PlayerKind,
  access: readonly Access[],
  items: readonly PurchasedItem[] = [],
): 'View' | 'Preview' {
  return canPlay(kind, access, items) ? 'View' : 'Preview';
}
