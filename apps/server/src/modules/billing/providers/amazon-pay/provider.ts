import { ApiErrorNumber, apiError } from '@playz/domain';
import {
  ReceiptNotValidError,
  storeRenewalEvent,
  startsOnDevice,
  type StoreProvider,
  type VerifiedPurchase,
  type VerifiedReceipt,
} from '../store-provider';
import { AmazonReceiptRefused, type AmazonReceipt, type AmazonRvsClient } from './client';
import type { AmazonRtnConfig } from './config';
import { registerAmazonNotifications } from './notifications';

const BILLING_TYPE = 'AmazonPay' as const;
/** spec 3 §4 Amazon flow: only these purchase statuses are saved; FAILED, INVALID_SKU… are a null outcome. */
const SAVED_STATUSES = ['SUCCESSFUL', 'ALREADY_PURCHASED'];

interface PurchaseResponse {
  status?: string;
  requestId?: string;
  purchaseReceipt?: { receiptId?: string; sku?: string } | null;
  userData?: { userId?: string; marketplace?: string } | null;
}

function parseResponse(raw: string | undefined): PurchaseResponse {
  try {
    const value = JSON.parse(raw ?? '') as unknown;
    if (typeof value === 'object' && value !== null) return value as PurchaseResponse;
  } catch {
    // refused below
  }
  throw new ReceiptNotValidError('response is not the purchase response JSON');
}

/** Our store subscription reference: the RVS needs the Amazon user with the receipt. */
const refOf = (userId: string, receiptId: string) => `${userId}/${receiptId}`;

/**
 * The receipt as Amazon states it. Cancel rule: a receipt with a cancelDate gives access until
 * that date and no longer renews; without one it runs to its renewal date.
 */
export function amazonReceipt(r: AmazonReceipt, userId: string, now: Date): VerifiedReceipt {
  const cancelled = r.cancelDate !== null && r.cancelDate !== undefined;
  const end = cancelled ? r.cancelDate : (r.renewalDate ?? null);
  return {
    subscriptionRef: refOf(userId, r.receiptId),
    termKey: `${r.receiptId}:${r.renewalDate ?? 'once'}`,
    sku: r.termSku ?? r.productId,
    // The RVS states no price: the offer's price is what was sold at that SKU.
    amountCents: null,
    currency: null,
    expiresAt: end === null ? null : new Date(end),
    active: !cancelled || (end !== null && end > now.getTime()),
    renewing: !cancelled && r.autoRenewing !== false,
    providerRef: r.receiptId,
    // The RVS states a free trial's end while the first term is one.
    storeTrial: typeof r.freeTrialEndDate === 'number' && r.freeTrialEndDate > now.getTime(),
    // App Tester and Live App Testing purchases: no money moved.
    testPurchase: r.testTransaction === true,
  };
}

/**
 * A consumable's or an entitlement's receipt (a rental, a pass; decision 093): honoured while it
 * has no cancelDate (Amazon sets one when it refunds or revokes it). The RVS states no price.
 */
export function amazonPurchase(r: AmazonReceipt, userId: string): VerifiedPurchase {
  if (r.productType !== 'CONSUMABLE' && r.productType !== 'ENTITLED')
    throw new ReceiptNotValidError(`a ${String(r.productType)} receipt is no single purchase`);
  return {
    transactionRef: refOf(userId, r.receiptId),
    sku: r.productId,
    amountCents: null,
    currency: null,
    active: r.cancelDate === null || r.cancelDate === undefined,
    testPurchase: r.testTransaction === true,
  };
}

/**
 * Amazon pay on Fire TV (spec 3 §4 Amazon flow, §7 amazon-pay save and restore, decision 029): the
 * device posts the PurchaseResponse; the receipt is verified at the Receipt Verification Service
 * with our developer secret. Amazon renews and cancels at its end; we read it.
 */
export function createAmazonPayProvider(deps: {
  client: AmazonRvsClient;
  /** Real-Time Notifications (decision 085); null: none accepted. */
  rtn?: AmazonRtnConfig | null;
}): StoreProvider {
  const { client } = deps;
  const read = async (userId: string, receiptId: string) => {
    try {
      return await client.verify(userId, receiptId);
    } catch (error) {
      if (error instanceof AmazonReceiptRefused) throw new ReceiptNotValidError(error.message);
      throw error;
    }
  };
  return {
    billingType: BILLING_TYPE,
    routeName: 'amazon-pay',
    start: async () => startsOnDevice(),
    status: async () => null,

    async verifyReceipt(fields) {
      const response = parseResponse(fields.response);
      if (!SAVED_STATUSES.includes(String(response.status)))
        throw new ReceiptNotValidError(`purchase status ${String(response.status)} is not saved`);
      const receiptId = response.purchaseReceipt?.receiptId;
      const userId = response.userData?.userId;
      if (!receiptId || !userId) throw new ReceiptNotValidError('no receiptId or userId');
      return amazonReceipt(await read(userId, receiptId), userId, new Date());
    },

    async verifyPurchase(fields) {
      const response = parseResponse(fields.response);
      if (!SAVED_STATUSES.includes(String(response.status)))
        throw new ReceiptNotValidError(`purchase status ${String(response.status)} is not saved`);
      const receiptId = response.purchaseReceipt?.receiptId;
      const userId = response.userData?.userId;
      if (!receiptId || !userId) throw new ReceiptNotValidError('no receiptId or userId');
      return amazonPurchase(await read(userId, receiptId), userId);
    },

    /** Amazon renews by itself: a renewal is the receipt's renewal date moved forward. */
    async charge(charge) {
      const [userId = '', receiptId = ''] = charge.subscriptionRef.split('/');
      const receipt = amazonReceipt(await read(userId, receiptId), userId, new Date());
      return storeRenewalEvent(BILLING_TYPE, charge, receipt, 'Amazon has not renewed the subscription');
    },

    registerNotifications(app, notifications) {
      if (!deps.rtn) return;
      registerAmazonNotifications(app, {
        ...{ rtn: deps.rtn, notifications },
        read: async (userId, receiptId) => amazonReceipt(await read(userId, receiptId), userId, new Date()),
        readPurchase: async (userId, receiptId) => amazonPurchase(await read(userId, receiptId), userId),
      });
    },

    async cancel() {
      // The Appstore has no server call to cancel: the viewer cancels in Amazon's settings.
      throw apiError(ApiErrorNumber.Error, "L'abonnement se résilie dans les paramètres Amazon de l'appareil");
    },
    async refund() {
      throw apiError(ApiErrorNumber.Error, 'Les remboursements Amazon se demandent à Amazon');
    },
  };
}
