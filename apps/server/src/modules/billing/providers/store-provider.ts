import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Customer } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { BillingType, Platform } from '@playz/domain';
import type { PaymentProvider, ProviderEvent, RenewalCharge } from './payment-provider';
import type { CustomerAuth, VisitorAuth } from '../../../lib/access';
import type { StoreNotificationInbox } from '../store-notifications/store-notice';

/**
 * What a store confirmed about a purchase, server to server (decision 029). Nothing the device
 * sent is trusted beyond the identifiers used to ask the store.
 */
export interface VerifiedReceipt {
  /** The store's subscription (Samsung invoice, Play purchase token, Apple original transaction…):
   *  unique per store, bound to the first customer that saves it. */
  subscriptionRef: string;
  /** The paid term this answer proves (renewals add a term once; the key of its event). */
  termKey: string;
  /** The store's product id, matched against `offers.sku`. */
  sku: string;
  /** What the store charged for the term (0 during a store's free trial); null: the offer's price. */
  amountCents: number | null;
  currency: string | null;
  /** The end of access the store states; null when it states none (the offer's terms decide). */
  expiresAt: Date | null;
  /** The store still gives access (spec 3 §4 Samsung: not cancelled, or cancelled with an end date ahead). */
  active: boolean;
  /** The store still renews it (false once the viewer cancelled at the store). */
  renewing: boolean;
  /** A subscription this purchase replaces (Google Play linkedPurchaseToken: upgrade, resubscribe). */
  replacesRef?: string | null;
  /** The store's payment reference, kept on the billing. */
  providerRef?: string | null;
  /**
   * The store says this term is its free trial (Play's freeTrial phase, Apple's FREE_TRIAL offer,
   * Amazon's trial end ahead): given once per customer and product, as on the web (decision 072).
   */
  storeTrial?: boolean;
  /**
   * A purchase of the store's test accounts (Amazon testTransaction, a Play license tester's
   * testPurchase, Apple's Sandbox): no money moved, accepted in the demo mode only (decision 073).
   */
  testPurchase?: boolean;
  /**
   * The buying account as the app told the store at purchase (Play obfuscatedExternalAccountId,
   * Apple appAccountToken; decision 073), when the store's record carries one.
   */
  accountToken?: { store: 'googlePlay' | 'appStore'; value: string } | null;
  /**
   * What the store needs once the receipt is accepted here (Play's acknowledgement: a purchase
   * left unacknowledged is refunded by Google after 3 days, which a refused one should be).
   */
  accepted?: () => Promise<void>;
}

/**
 * What a store confirmed about a one-off purchase (a film rental, a live-event pass; decision 093):
 * one store transaction that buys one item once, never renewed.
 */
export interface VerifiedPurchase {
  /** The store's transaction (Play purchase token, Apple transaction id, Amazon receipt id): one item, once. */
  transactionRef: string;
  /** The store's product id, matched against a Purchase offer's `sku`. */
  sku: string;
  /** What the store charged; null when the store states no price (Play products, Amazon RVS). */
  amountCents: number | null;
  currency: string | null;
  /** The store still honours it (not voided, refunded, revoked or cancelled). */
  active: boolean;
  /** A purchase of the store's test accounts (no money moved): the demo mode only (decision 073). */
  testPurchase?: boolean;
  /** The buying account as the app told the store (decision 073). */
  accountToken?: { store: 'googlePlay' | 'appStore'; value: string } | null;
  /**
   * The item the app told the store it was buying (Play's obfuscatedExternalProfileId,
   * `purchaseItemTag`), when the store's record carries one: a receipt naming another item is refused.
   */
  itemTag?: string | null;
  /** What the store needs once it is granted here (Play: acknowledge, else Google refunds it in 3 days). */
  accepted?: () => Promise<void>;
}

/** A receipt posted by a device (spec 3 §3 save and restore), as the receipt service checks it. */
export interface ReceiptCall {
  /** The store's route name (spec 3 §3): samsung-checkout, google-play, dummy… */
  routeName: string;
  fields: Record<string, string | undefined>;
  customerId: number;
  platform: Platform;
  declaredBillingTypes: readonly string[];
  country: string;
  /** restore (spec 3 §4 Samsung, Amazon): re-verify and re-attach, never a second subscription. */
  mode: 'save' | 'restore';
  /** The caller's address: receipt checks call the store, counted per address and account (decision 063). */
  ip: string;
  /** The receipt a visitor's identity proof already verified at the store (decision 089). */
  verified?: VerifiedReceipt;
}

/** Who asks, for stores that scope purchases by the app's own customer id (Samsung CustomID, Amazon userId). */
export interface ReceiptCaller {
  customerId: number;
  country: string;
}

/**
 * Who a visitor's box is at its store, as the store itself confirmed it server to server (spec 1
 * §6, spec 3 §4; decision 089): Orange's ise2 with its apitoken, BAchat's external contract id.
 */
export interface VisitorIdentity {
  kind: 'orange-ise2' | 'bachat-contract';
  externalId: string;
  /** The receipt the proof already verified (a BAchat one-time code is redeemed once). */
  receipt?: VerifiedReceipt;
  /** The store holds a running subscription for this identity (Orange's check). */
  holds?: boolean;
}

/** A receipt the store does not confirm (spec 3 §8: 30 receipt not valid). */
export class ReceiptNotValidError extends Error {}

/** What a store's own calls (Orange check, BAchat deeplink) may use (decision 029). */
export interface StoreRouteContext {
  /** Verifies and applies a receipt (the service's save / restore). */
  receive(call: ReceiptCall): Promise<void>;
  callOf(
    auth: Pick<CustomerAuth, 'customerId'>,
    request: FastifyRequest,
    routeName: string,
    fields: ReceiptCall['fields'],
    mode: ReceiptCall['mode'],
  ): ReceiptCall;
  customerOf(auth: CustomerAuth): Promise<Customer>;
  /**
   * The caller as a customer: the signed-in one, else the account of the visitor identity its
   * store confirmed (decision 089), made once when `make` says so; null for a confirmed identity
   * no account holds when `make` says no. `session()` signs the visitor's box in on it: called
   * once its receipt was accepted, so a refused one starts no session.
   */
  signedIn(
    auth: VisitorAuth,
    request: FastifyRequest,
    reply: FastifyReply,
    routeName: string,
    fields: ReceiptCall['fields'],
    make: (identity: VisitorIdentity) => boolean,
  ): Promise<{ customerId: number; verified?: VerifiedReceipt; session(): Promise<CustomerAuth> } | null>;
  /** The Customer of a visitor (spec 1 §7), for answers to a box no account holds yet. */
  visitorCustomer(request: FastifyRequest): Promise<Customer>;
  /** Refuses (4) a store the caller's platform does not sell, 33 an unconfigured one. */
  assertSoldTo(call: ReceiptCall): void;
  opts: { checkResponses: boolean };
}

/** A store: a payment provider whose purchases start on the device and come back as receipts. */
export interface StoreProvider extends PaymentProvider {
  /** Verifies the receipt fields the device posted (spec 3 §7) at the store. */
  verifyReceipt(fields: Record<string, string | undefined>, caller: ReceiptCaller): Promise<VerifiedReceipt>;
  /**
   * Verifies a one-off purchase (a rental or a live-event pass, decision 093) at the store; stores
   * whose flows sell subscriptions only have none (33).
   */
  verifyPurchase?(fields: Record<string, string | undefined>, caller: ReceiptCaller): Promise<VerifiedPurchase>;
  /**
   * A visitor's identity, confirmed at the store (decision 089); stores that know no viewer without
   * an account have none. Throws ReceiptNotValidError when the store does not confirm it.
   */
  identifyVisitor?(fields: Record<string, string | undefined>): Promise<VisitorIdentity>;
  /** Calls of spec 3 §7 only this store has, under /api/1.2 (customer calls: decision 055). */
  registerStoreRoutes?(api: FastifyInstance, context: StoreRouteContext): void;
  /** Its server notifications' route (renewals, cancellations, refunds the store tells; decision 085). */
  registerNotifications?(app: FastifyInstance, notifications: StoreNotificationInbox): void;
}

export function isStoreProvider(provider: PaymentProvider | null): provider is StoreProvider {
  return provider !== null && 'verifyReceipt' in provider;
}

/** Stores sell on the device (spec 3 §4): the web checkout cannot start them. */
export function startsOnDevice(): never {
  throw apiError(ApiErrorNumber.BillingTypeNotFound, 'this store sells on the device; post its receipt');
}

export const toCents = (amount: number | string): number => Math.round(Number(amount) * 100);

/**
 * The date a store's end date must pass for a term to count as renewed: the end of the term the
 * job renews (an hour ahead of now when the job does not say).
 */
export const renewedPast = (charge: RenewalCharge): number =>
  charge.termEndsAt ? Date.parse(charge.termEndsAt) : Date.now() + 3600_000;

/**
 * A store renews by itself: the billing job's "charge" reads the store and answers a renewal when
 * the store's end date moved past the term being renewed (one event per store term), else a
 * refused renewal under the job's key, so the usual retries follow (decision 029).
 */
export function storeRenewalEvent(
  billingType: BillingType,
  charge: RenewalCharge,
  receipt: VerifiedReceipt | null,
  notRenewed: string,
): ProviderEvent {
  const base = { billingType, billingId: charge.billingId, subscriptionRef: charge.subscriptionRef };
  if (receipt?.active && receipt.renewing && receipt.expiresAt && receipt.expiresAt.getTime() > renewedPast(charge))
    return {
      ...base,
      key: `term:${receipt.termKey}`,
      kind: 'renewed',
      amountCents: receipt.amountCents ?? charge.amountCents,
      currency: receipt.currency ?? charge.currency,
      expiresAt: receipt.expiresAt.toISOString(),
    };
  return {
    ...base,
    key: `charge:${charge.idempotencyKey}`,
    kind: 'renewalFailed',
    amountCents: 0,
    currency: charge.currency,
    detail: notRenewed,
  };
}
