import type { androidpublisher_v3 } from '@googleapis/androidpublisher';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { ProviderEvent } from '../payment-provider';
import type { GooglePlayClient } from './client';
import type { GooglePlayPushConfig } from './config';
import { registerGooglePlayNotifications } from './notifications';
import {
  ReceiptNotValidError,
  storeRenewalEvent,
  startsOnDevice,
  type StoreProvider,
  type VerifiedPurchase,
  type VerifiedReceipt,
} from '../store-provider';

const BILLING_TYPE = 'GooglePlay' as const;
type Subscription = androidpublisher_v3.Schema$SubscriptionPurchaseV2;

/** States in which the viewer still has access (until the line item's expiry). */
const GIVES_ACCESS = ['SUBSCRIPTION_STATE_ACTIVE', 'SUBSCRIPTION_STATE_CANCELED', 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD'];
const RENEWS = ['SUBSCRIPTION_STATE_ACTIVE', 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD'];

/** Google's answers that mean "no such purchase for this app" (bad, foreign or expired token). */
const statusOf = (error: unknown) =>
  Number(
    (error as { status?: number; response?: { status?: number } }).status ??
      (error as { response?: { status?: number } }).response?.status,
  );
const isRefusal = (error: unknown) => [400, 404, 410].includes(statusOf(error));

function parsePurchase(raw: string | undefined) {
  try {
    const value = JSON.parse(raw ?? '') as { packageName?: unknown; productId?: unknown; purchaseToken?: unknown };
    if (typeof value.purchaseToken === 'string' && typeof value.productId === 'string' && value.purchaseToken)
      return { packageName: String(value.packageName ?? ''), productId: value.productId, token: value.purchaseToken };
  } catch {
    // refused below
  }
  throw new ReceiptNotValidError('json is not a Play purchase');
}

const moneyCents = (m: androidpublisher_v3.Schema$Money | undefined): number | null =>
  m?.units === undefined && m?.nanos === undefined
    ? null
    : Number(m?.units ?? 0) * 100 + Math.round(Number(m?.nanos ?? 0) / 10_000_000);

/** The subscription as a receipt: the purchase token is the store subscription, each order a term. */
export function playReceipt(token: string, sub: Subscription, productId: string, now: Date): VerifiedReceipt {
  const item = sub.lineItems?.find((i) => i.productId === productId) ?? sub.lineItems?.[0];
  if (!item?.productId) throw new ReceiptNotValidError('the purchase has no line item');
  const expiry = item.expiryTime ? new Date(item.expiryTime) : null;
  const state = sub.subscriptionState ?? '';
  const active = GIVES_ACCESS.includes(state) && expiry !== null && expiry.getTime() > now.getTime();
  return {
    subscriptionRef: token,
    termKey: item.latestSuccessfulOrderId ?? `${token}:${item.expiryTime}`,
    sku: item.productId,
    amountCents: item.offerPhase?.freeTrial ? 0 : moneyCents(item.autoRenewingPlan?.recurringPrice),
    currency: item.autoRenewingPlan?.recurringPrice?.currencyCode ?? null,
    expiresAt: expiry,
    active,
    renewing: RENEWS.includes(state) && item.autoRenewingPlan?.autoRenewEnabled !== false,
    // An upgrade, downgrade or resubscription carries the token it replaces.
    replacesRef: sub.linkedPurchaseToken ?? null,
    providerRef: item.latestSuccessfulOrderId ?? null,
    storeTrial: Boolean(item.offerPhase?.freeTrial),
    // Google fills testPurchase for license testers' purchases only (no money moved).
    testPurchase: sub.testPurchase !== undefined && sub.testPurchase !== null,
    accountToken: sub.externalAccountIdentifiers?.obfuscatedExternalAccountId
      ? { store: 'googlePlay', value: sub.externalAccountIdentifiers.obfuscatedExternalAccountId }
      : null,
  };
}

/**
 * A one-off product's purchase as Google states it (purchases.products.get): purchaseState 0 is
 * purchased (1 cancelled or voided, 2 pending); purchaseType 0 a license tester's. Google states no
 * price here: the offer's is recorded (decision 093).
 */
export function playPurchase(
  token: string,
  productId: string,
  p: androidpublisher_v3.Schema$ProductPurchase,
): VerifiedPurchase {
  return {
    transactionRef: token,
    sku: p.productId ?? productId,
    amountCents: null,
    currency: null,
    active: p.purchaseState === 0,
    testPurchase: p.purchaseType === 0,
    accountToken: p.obfuscatedExternalAccountId ? { store: 'googlePlay', value: p.obfuscatedExternalAccountId } : null,
    itemTag: p.obfuscatedExternalProfileId ?? null,
  };
}

/**
 * Google Play on Android TV (spec 3 §4 Google Play flow, §7 google-play save; decision 029): the
 * purchase token is read with purchases.subscriptionsv2.get, acknowledged once valid (Google
 * refunds purchases left unacknowledged for 3 days), cancelled with purchases.subscriptions.cancel.
 */
export function createGooglePlayProvider(deps: {
  client: GooglePlayClient;
  /** Real-time developer notifications (decision 085); null: none accepted. */
  push?: GooglePlayPushConfig | null;
}): StoreProvider {
  const { client } = deps;
  const packageName = client.packageName;
  const read = async (token: string): Promise<Subscription> => {
    try {
      return await client.subscription(token);
    } catch (error) {
      if (isRefusal(error)) throw new ReceiptNotValidError(`Google Play answered ${statusOf(error)}`);
      throw error;
    }
  };

  return {
    billingType: BILLING_TYPE,
    routeName: 'google-play',
    start: async () => startsOnDevice(),
    status: async () => null,

    async verifyReceipt(fields) {
      const purchase = parsePurchase(fields.json);
      if (purchase.packageName !== packageName) throw new ReceiptNotValidError('a purchase of another app');
      const sub = await read(purchase.token);
      const receipt = playReceipt(purchase.token, sub, purchase.productId, new Date());
      // Acknowledged only once saved here: a receipt refused (a trial already used, another
      // account's) stays unacknowledged, and Google refunds it within 3 days (decision 072).
      if (receipt.active && sub.acknowledgementState === 'ACKNOWLEDGEMENT_STATE_PENDING')
        receipt.accepted = () => client.acknowledge(receipt.sku, purchase.token);
      return receipt;
    },

    async verifyPurchase(fields) {
      const purchase = parsePurchase(fields.json);
      if (purchase.packageName !== packageName) throw new ReceiptNotValidError('a purchase of another app');
      let product: androidpublisher_v3.Schema$ProductPurchase;
      try {
        product = await client.product(purchase.productId, purchase.token);
      } catch (error) {
        if (isRefusal(error)) throw new ReceiptNotValidError(`Google Play answered ${statusOf(error)}`);
        throw error;
      }
      const verified = playPurchase(purchase.token, purchase.productId, product);
      // Consumed only once granted here: one refused stays unacknowledged and Google refunds it
      // within 3 days; consumed, the same rental or pass product can be bought again.
      if (verified.active && product.consumptionState !== 1)
        verified.accepted = () => client.consume(purchase.productId, purchase.token);
      return verified;
    },

    /** Google renews by itself: a renewal is a new order with a later expiry. */
    async charge(charge): Promise<ProviderEvent> {
      const sub = await read(charge.subscriptionRef);
      const receipt = playReceipt(charge.subscriptionRef, sub, '', new Date());
      return storeRenewalEvent(BILLING_TYPE, charge, receipt, 'Google Play has not renewed the subscription');
    },

    async cancel(token) {
      const sub = await read(token);
      if (!RENEWS.includes(sub.subscriptionState ?? '')) return 'alreadyCancelled';
      const subscriptionId = sub.lineItems?.[0]?.productId;
      if (!subscriptionId) throw new Error('Google Play purchase without a product');
      await client.cancel(subscriptionId, token);
      return 'cancelled';
    },

    registerNotifications(app, notifications) {
      if (!deps.push) return;
      registerGooglePlayNotifications(app, {
        ...{ push: deps.push, packageName, notifications },
        read: async (token) => playReceipt(token, await read(token), '', new Date()),
        readPurchase: async (productId, token) => {
          try {
            return playPurchase(token, productId, await client.product(productId, token));
          } catch (error) {
            if (isRefusal(error)) throw new ReceiptNotValidError(`Google Play answered ${statusOf(error)}`);
            throw error;
          }
        },
      });
    },

    async refund() {
      // Refunds of Play purchases go through the Play Console or orders.refund, not this flow.
      throw apiError(ApiErrorNumber.Error, 'Les remboursements Google Play se font depuis la Play Console');
    },
  };
}
