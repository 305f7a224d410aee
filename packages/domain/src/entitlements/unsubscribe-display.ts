import { isSubscriptionValid, type SubscriptionLike } from './subscription-validity';
import { canUnsubscribe } from './unsubscribe';

/** The status label families of the account (spec 1 §2, spec 3 §4 Display). */
export type SubscriptionStatusKind = 'active' | 'toRenew' | 'cancelled' | 'refunded' | 'inactive';

export interface SubscriptionDisplay {
  status: SubscriptionStatusKind;
  /** Access remains now (spec 3 §4 Validity). */
  isValid: boolean;
  /**
   * "to-renew shows the next term": the date of the next term, only while it is valid. Paid and
   * Renewed renew too (decision 025: ToRenew is a renewal still to be paid), so they show it as well.
   */
  nextTermDate: string | null;
  /** "cancelled or refunded shows 'cancelled, access until date'": that date. */
  accessUntil: string | null;
  /** "... and an unsubscribe button", shown only when unsubscribing is allowed here. */
  canUnsubscribe: boolean;
}

export function subscriptionStatusKind(status: string): SubscriptionStatusKind {
  switch (status) {
    case 'Paid':
    case 'Renewed':
      return 'active';
    case 'ToRenew':
      return 'toRenew';
    case 'Cancelled':
      return 'cancelled';
    case 'Refunded':
      return 'refunded';
    default:
      return 'inactive';
  }
}

/**
 * What the account shows for one subscription on this device (spec 3 §4 Display): the next term
 * and the unsubscribe button for a renewing one, "cancelled, access until date" for a cancelled
 * or refunded one. The button follows `canUnsubscribe`, so Paid and Renewed subscriptions, which
 * renew too, offer it as well.
 */
export function subscriptionDisplay(
  subscription: SubscriptionLike & { billingType: string },
  billingTypesAvailableOnPlatform: readonly string[],
  now: Date,
): SubscriptionDisplay {
  const status = subscriptionStatusKind(subscription.status);
  const isValid = isSubscriptionValid(subscription, now);
  const hasEnded = status === 'cancelled' || status === 'refunded';
  return {
    status,
    isValid,
    nextTermDate: (status === 'toRenew' || status === 'active') && isValid ? subscription.expirationDate : null,
    accessUntil: hasEnded ? subscription.expirationDate : null,
    canUnsubscribe: canUnsubscribe(subscription, billingTypesAvailableOnPlatform),
  };
}
