import type { App, Subscription } from '@playz/api-contract';
import { isSubscriptionValid, timeLeft, type TimeLeft } from '@playz/domain';

export type StatusKind = 'active' | 'toRenew' | 'cancelled' | 'refunded' | 'inactive';

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
}

/**
 * What the account shows for one subscription (spec 1 §2, spec 3 §4 display): the offer's name
 * from the application's offers (the subscription only carries its price id), price, status
 * label and the time left while it is valid.
 */
export function toSubscriptionView(subscription: Subscription, offers: App['inAppPurchases'], now: Date) {
  const offer = offers.find((candidate) => candidate.productPriceID === subscription.productPriceID);
  const isValid = isSubscriptionValid(subscription, now);
  const view: SubscriptionView = {
    offerName: offer?.name ?? subscription.product,
    price: subscription.price,
    currency: subscription.currency,
    period: subscription.durationUnit,
    status: statusKind(subscription.status),
    expirationDate: subscription.expirationDate,
    isValid,
    timeLeft: isValid ? timeLeft(subscription.expirationDate, now) : null,
  };
  return view;
}

function statusKind(status: string): StatusKind {
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
