import type { Platform } from '../constants';
import type { PurchaseStatus } from './subscription-validity';

/** spec 3 §3 Billing types, as the Subscription's `billingType` carries them. */
export const BILLING_TYPES = [
  'SamsungCheckout',
  'OrangeAppshopTV',
  'AmazonPay',
  'BAchat',
  'Cashlog',
  'AppleAppStore',
  'GooglePlay',
  'CreditCard',
  'CrossScreen',
  'Wap2',
  'Paypal',
  'Dummy',
] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

export function isBillingType(value: string): value is BillingType {
  return (BILLING_TYPES as readonly string[]).includes(value);
}

/**
 * spec 3 §4 "Billing types available per platform": web direct-pass (Wap2), cross-screen,
 * credit card, PayPal; Tizen Samsung checkout; the operator set-top box the Orange store;
 * Android TV Google Play or BBox (BAchat); FireOS Amazon pay. Xbox is a platform of spec 1 §1
 * that the list does not name: it gets only Dummy. Dummy is always added.
 */
const PLATFORM_BILLING_TYPES: Record<Platform, readonly BillingType[]> = {
  Web: ['Wap2', 'CrossScreen', 'CreditCard', 'Paypal'],
  Tizen: ['SamsungCheckout'],
  OrangeSTB: ['OrangeAppshopTV'],
  AndroidTV: ['GooglePlay', 'BAchat'],
  FireOS: ['AmazonPay'],
  XBox: [],
};

/**
 * The billing types a device of this platform can use. A client may narrow the list with the
 * `billing_types` common parameter (an Android TV is either a Google Play or a BBox device), never
 * widen it: a web page that claims Samsung checkout still is a web page (docs/decisions/017).
 */
export function billingTypesAvailableOn(platform: Platform, declaredByClient: readonly string[] = []): BillingType[] {
  const own = PLATFORM_BILLING_TYPES[platform];
  const narrowed = declaredByClient.length > 0 ? own.filter((t) => declaredByClient.includes(t)) : own;
  return [...narrowed, 'Dummy'];
}

/** Statuses with a renewal still to come: the only ones unsubscribing can stop. */
export const RENEWING_STATUSES = ['Paid', 'ToRenew', 'Renewed'] as const satisfies readonly PurchaseStatus[];

/** Statuses with nothing left to stop: unsubscribing again is a no-op that succeeds. */
export const ENDED_STATUSES = ['Cancelled', 'Refunded', 'Unsubscription'] as const satisfies readonly PurchaseStatus[];

const RENEWING: readonly string[] = RENEWING_STATUSES;
const ENDED: readonly string[] = ENDED_STATUSES;

export interface UnsubscribableLike {
  billingType: string;
  status: string;
}

/**
 * What an unsubscribe request does to one subscription (spec 3 §4 Unsubscribe, §6):
 * - `notOnThisPlatform`: its billing type is not available on the caller's device;
 * - `alreadyEnded`: Cancelled, Refunded or Unsubscription, nothing renews: answer its status;
 * - `notRenewing`: PreOrder or Error never gave access (decision 004); marking them Cancelled
 *   would open access until their date, so they are refused;
 * - `cancel`: Paid, ToRenew or Renewed become Cancelled, keeping their expiration date.
 */
export type UnsubscribeDecision = 'notOnThisPlatform' | 'alreadyEnded' | 'notRenewing' | 'cancel';

export function unsubscribeDecision(
  subscription: UnsubscribableLike,
  billingTypesAvailableOnPlatform: readonly string[],
): UnsubscribeDecision {
  if (!billingTypesAvailableOnPlatform.includes(subscription.billingType)) return 'notOnThisPlatform';
  if (ENDED.includes(subscription.status)) return 'alreadyEnded';
  return RENEWING.includes(subscription.status) ? 'cancel' : 'notRenewing';
}

/**
 * spec 3 §4: "Unsubscribe is allowed only when the subscription's billing type is available on
 * the current device and the status is not cancelled or refunded." This decides whether the
 * account shows the unsubscribe button.
 */
export function canUnsubscribe(
  subscription: UnsubscribableLike,
  billingTypesAvailableOnPlatform: readonly string[],
): boolean {
  return unsubscribeDecision(subscription, billingTypesAvailableOnPlatform) === 'cancel';
}

/**
 * The subscription once unsubscribed: Cancelled, the same expiration date, so access lasts until
 * the end of the paid term (spec 3 §4 Validity). Anything but `cancel` leaves it as it is.
 */
export function unsubscribed<S extends UnsubscribableLike>(
  subscription: S,
  billingTypesAvailableOnPlatform: readonly string[],
): S {
  return unsubscribeDecision(subscription, billingTypesAvailableOnPlatform) === 'cancel'
    ? { ...subscription, status: 'Cancelled' }
    : subscription;
}
