import { RENEWING_STATUSES } from '../entitlements/unsubscribe';

/** A card as the account shows it: its last four digits only (decision 058 addendum, decision 083). */
export const maskedCardNumber = (last4: string) => `•••• •••• •••• ${last4}`;

/**
 * The saved card may be forgotten only while no card subscription still renews: a renewal needs a
 * card, which is replaced rather than removed (decision 083). The server refuses (4) by the same rule.
 */
export function canRemoveSavedCard(subscriptions: readonly { billingType: string; status: string }[]): boolean {
  const renewing: readonly string[] = RENEWING_STATUSES;
  return !subscriptions.some((s) => s.billingType === 'CreditCard' && renewing.includes(s.status));
}
