/** spec 3 §4 purchase status values. */
export const PURCHASE_STATUSES = [
  'PreOrder',
  'Paid',
  'ToRenew',
  'Renewed',
  'Cancelled',
  'Refunded',
  'Error',
  'Unsubscription',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export interface SubscriptionLike {
  subscriber: boolean;
  status: string;
  expirationDate: string;
}

/** Statuses that never give access, whatever the date (nothing was paid, or it failed). */
const NEVER_VALID: readonly string[] = ['PreOrder', 'Error', 'Unsubscription'];

/**
 * spec 3 §4: valid only for a subscriber; Cancelled, Refunded and ToRenew keep access until the
 * expiration date. The server also ends Paid and Renewed terms at their expiration date, because
 * renewal writes a new date (docs/decisions/004-subscription-validity.md).
 */
export function isSubscriptionValid(subscription: SubscriptionLike, now: Date): boolean {
  if (!subscription.subscriber) return false;
  if (NEVER_VALID.includes(subscription.status)) return false;
  return Date.parse(subscription.expirationDate) > now.getTime();
}
