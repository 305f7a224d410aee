import type { BillingType } from '@playz/domain';

/** The stores' own names, shown as they brand themselves in every language (spec 3 §3 billing types). */
export const STORE_NAMES: Partial<Record<BillingType, string>> = {
  SamsungCheckout: 'Samsung Checkout',
  OrangeAppshopTV: 'Orange',
  GooglePlay: 'Google Play',
  BAchat: 'Bouygues Telecom',
  AmazonPay: 'Amazon',
  AppleAppStore: 'App Store',
};
