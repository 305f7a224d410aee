import type { JWSTransactionDecodedPayload, SignedDataVerifier } from '@apple/app-store-server-library';
import { ApiErrorNumber, apiError } from '@playz/domain';
import {
  ReceiptNotValidError,
  startsOnDevice,
  type StoreProvider,
  type VerifiedPurchase,
  type VerifiedReceipt,
} from '../store-provider';
import { appleLibrary } from './apple-library';
import type { AppStoreConfig } from './config';
import { registerAppStoreNotifications } from './notifications';

const BILLING_TYPE = 'AppleAppStore' as const;

/** The signed transaction as a receipt: the original transaction ties the renewals together. */
export function appleReceipt(t: JWSTransactionDecodedPayload, now: Date): VerifiedReceipt {
  if (!t.transactionId || !t.originalTransactionId || !t.productId)
    throw new ReceiptNotValidError('the transaction lacks its ids');
  const expires = t.expiresDate ? new Date(t.expiresDate) : null;
  const revoked = t.revocationDate !== undefined && t.revocationDate !== null;
  // An introductory or promotional offer whose discount is a free trial (StoreKit 2's offerType 1
  // or 2 with offerDiscountType FREE_TRIAL).
  const free = String(t.offerDiscountType ?? '') === 'FREE_TRIAL';
  return {
    subscriptionRef: t.originalTransactionId,
    termKey: t.transactionId,
    sku: t.productId,
    // Apple states prices in milliunits of the currency.
    amountCents: free ? 0 : t.price === undefined ? null : Math.round(t.price / 10),
    currency: t.currency ?? null,
    expiresAt: expires,
    active: !revoked && (expires === null || expires.getTime() > now.getTime()),
    renewing: !revoked,
    providerRef: t.transactionId,
    storeTrial: free,
    // Sandbox and Xcode transactions are Apple's test purchases (no money moved).
    testPurchase: String(t.environment ?? '') !== 'Production',
    accountToken: t.appAccountToken ? { store: 'appStore', value: t.appAccountToken.toLowerCase() } : null,
  };
}

/** StoreKit's types of one-off products: a rental or a pass is one of these (decision 093). */
export const ONE_OFF_TYPES = ['Consumable', 'Non-Consumable'];

/** A one-off transaction as a purchase: the transaction id is the store's, refunded once revoked. */
export function applePurchase(t: JWSTransactionDecodedPayload): VerifiedPurchase {
  if (!t.transactionId || !t.productId) throw new ReceiptNotValidError('the transaction lacks its ids');
  if (!ONE_OFF_TYPES.includes(String(t.type ?? '')))
    throw new ReceiptNotValidError(`a ${String(t.type)} is no single purchase`);
  return {
    transactionRef: t.transactionId,
    sku: t.productId,
    amountCents: t.price === undefined ? null : Math.round(t.price / 10),
    currency: t.currency ?? null,
    active: t.revocationDate === undefined || t.revocationDate === null,
    testPurchase: String(t.environment ?? '') !== 'Production',
    accountToken: t.appAccountToken ? { store: 'appStore', value: t.appAccountToken.toLowerCase() } : null,
  };
}

/**
 * The App Store (spec 3 §7 app-store save: receipt, original_transaction_id; decision 029): the
 * receipt is a StoreKit 2 signed transaction, verified with Apple's own library against the
 * trusted root (x5c chain, Apple's marker extensions, bundle id, environment). Read-only: Apple
 * renews and cancels on the device, a renewal is the next transaction of the same original one.
 */
export function createAppStoreProvider(deps: { config: AppStoreConfig }): StoreProvider {
  const { config } = deps;
  let verifier: Promise<SignedDataVerifier> | null = null;
  const verifierOf = () =>
    (verifier ??= Promise.all([config.rootCertificates(), appleLibrary()]).then(([roots, apple]) => {
      const environment =
        config.environment === 'Production' ? apple.Environment.PRODUCTION : apple.Environment.SANDBOX;
      return new apple.SignedDataVerifier(roots, config.onlineChecks, environment, config.bundleId, config.appAppleId);
    }));

  const verified = async (receipt: string | undefined): Promise<JWSTransactionDecodedPayload> => {
    try {
      return await (await verifierOf()).verifyAndDecodeTransaction(receipt ?? '');
    } catch (error) {
      if (error instanceof (await appleLibrary()).VerificationException)
        throw new ReceiptNotValidError(`App Store signature refused (status ${error.status})`);
      throw error;
    }
  };

  const onDevice = () =>
    apiError(ApiErrorNumber.Error, "L'abonnement App Store se gère sur l'appareil (Réglages, Abonnements)");

  return {
    billingType: BILLING_TYPE,
    routeName: 'app-store',
    start: async () => startsOnDevice(),
    status: async () => null,

    async verifyPurchase(fields) {
      const transaction = await verified(fields.receipt);
      if (fields.original_transaction_id && fields.original_transaction_id !== transaction.originalTransactionId)
        throw new ReceiptNotValidError('original_transaction_id is not the transaction’s');
      return applePurchase(transaction);
    },

    async verifyReceipt(fields) {
      const transaction = await verified(fields.receipt);
      const original = fields.original_transaction_id;
      if (original && original !== transaction.originalTransactionId)
        throw new ReceiptNotValidError('original_transaction_id is not the transaction’s');
      return appleReceipt(transaction, new Date());
    },

    /** Apple renews on its side and the device posts the renewed transaction: nothing to charge here. */
    async charge(charge) {
      return {
        billingType: BILLING_TYPE,
        key: `charge:${charge.idempotencyKey}`,
        kind: 'renewalFailed',
        billingId: charge.billingId,
        subscriptionRef: charge.subscriptionRef,
        amountCents: 0,
        currency: charge.currency,
        detail: 'no renewed App Store transaction received yet',
      };
    },

    registerNotifications(app, notifications) {
      registerAppStoreNotifications(app, {
        ...{ verifier: verifierOf, notifications, receiptOf: appleReceipt },
        purchaseOf: applePurchase,
      });
    },

    async cancel() {
      throw onDevice();
    },
    async refund() {
      throw onDevice();
    },
  };
}
