import type { App, Subscription } from '@playz/api-contract';
import {
  billingTypesAvailableOn,
  subscriptionDisplay,
  timeLeft,
  type SubscriptionStatusKind,
  type TimeLeft,
} from '@playz/domain';

export type StatusKind = SubscriptionStatusKind;

/** The web's billing types (spec 3 §4): unsubscribing is offered only for these. */
const WEB_BILLING_TYPES = billingTypesAvailableOn('Web');

export interface SubscriptionView {
  offerName: string;
  price: number;
  currency: string;
  period: 'week' | 'month';
  status: StatusKind;
  expirationDate: string;
  isValid: boolean;
  /** Only while access remains (spec 1 §2 time-left rule). */
  timeLeft: TimeLeft | null;
  /** spec 3 §4 Display: next term (to-renew), access-until date (cancelled, refunded), button. */
  nextTermDate: string | null;
  accessUntil: string | null;
  canUnsubscribe: boolean;
  /** A card subscription that still renews may take a new card (spec 3 §7 credit-card/update). */
  canChangeCard: boolean;
  /**
   * Until when "Cancel and get refunded" is offered (spec 3 §1, decision 083): the server's
   * withdrawalUntil while it is ahead and this device may stop the subscription; null otherwise.
   */
  withdrawalUntil: string | null;
}

/**
 * What the account shows for one subscription (spec 1 §2, spec 3 §4 display): the offer's name
 * from the application's offers (the subscription only carries its price id), price, status
 * label and the time left while it is valid.
 */
export function toSubscriptionView(subscription: Subscription, offers: App['inAppPurchases'], now: Date) {
  const offer = offers.find((candidate) => candidate.productPriceID === subscription.productPriceID);
  const display = subscriptionDisplay(subscription, WEB_BILLING_TYPES, now);
  const view: SubscriptionView = {
    offerName: offer?.name ?? subscription.product,
    price: subscription.price,
    currency: subscription.currency,
    period: subscription.durationUnit,
    status: display.status,
    expirationDate: subscription.expirationDate,
    isValid: display.isValid,
    timeLeft: display.isValid ? timeLeft(subscription.expirationDate, now) : null,
    nextTermDate: display.nextTermDate,
    accessUntil: display.accessUntil,
    canUnsubscribe: display.canUnsubscribe,
    canChangeCard:
      subscription.billingType === 'CreditCard' &&
      display.isValid &&
      (display.status === 'active' || display.status === 'toRenew'),
    withdrawalUntil:
      display.canUnsubscribe && subscription.withdrawalUntil && Date.parse(subscription.withdrawalUntil) > now.getTime()
        ? subscription.withdrawalUntil
        : null,
  };
  return view;
}

/**
 * The card subscription a new card must follow (spec 3 §7 credit-card/update): the first that still
 * renews on a card, or none. The saved card's one button changes its card through it (decision 083
 * addendum).
 */
export function renewingCardSubscription(
  subscriptions: readonly Subscription[],
  offers: App['inAppPurchases'],
  now: Date,
): Subscription | undefined {
  return subscriptions.find((subscription) => toSubscriptionView(subscription, offers, now).canChangeCard);
}
