import type { BillingType } from '@playz/domain';
import type { ProviderEvent } from '../providers/payment-provider';

// What a store's signed server notification becomes once its provider read it (decision 085),
// apart from the code that matches and applies it: the store providers hand these over, and the
// provider interface names the inbox without depending on how it is built.

/** A stored store subscription, as a notification about it is matched (decision 085). */
export interface NotifiedSubscription {
  id: number;
  status: string;
  expirationDate: string;
  priceCents: number | null;
  currency: string;
  /** What its ledger says was paid and not yet refunded (cents). */
  refundable: number;
}

/** What a store's notification says happened, once its signature was checked (decision 085). */
export interface StoreNotice {
  billingType: BillingType;
  /** The store's id of this notification (Pub/Sub messageId, Apple notificationUUID…). */
  notificationId: string;
  /** The store's name of it (RENEWED, DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED…), for the record. */
  type: string;
  /** The store subscription it is about (Play purchase token, Apple original transaction id). */
  subscriptionRef: string;
  /** The events it means for that subscription, from the store's own state (null: nothing to change). */
  events(sub: NotifiedSubscription): Promise<ProviderEvent[] | string>;
}

/** A one-off store purchase (a rental, a live-event pass) a notification is about (decision 093). */
export interface NotifiedPurchase {
  billingId: string;
  purchaseId: number;
  status: string;
  /** The store product it was bought as (Google's products.get needs it). */
  sku: string;
  currency: string;
  /** What its ledger says was paid and not yet refunded (cents). */
  refundable: number;
}

/** A notification about a one-off purchase, once its signature was checked (decision 093). */
export interface StorePurchaseNotice extends Omit<StoreNotice, 'subscriptionRef' | 'events'> {
  /** The store's transaction (Play purchase token, Apple transaction id, Amazon receipt id). */
  transactionRef: string;
  events(purchase: NotifiedPurchase): Promise<ProviderEvent[] | string>;
}

export type NoticeOutcome = 'applied' | 'duplicate' | 'unknown purchase' | 'not used';

/** Where a store provider's notification route hands what it verified (decision 085, 093). */
export interface StoreNotificationInbox {
  receive(notice: StoreNotice): Promise<{ outcome: NoticeOutcome; detail: string }>;
  receivePurchase(notice: StorePurchaseNotice): Promise<{ outcome: NoticeOutcome; detail: string }>;
}
