import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BillingOutcome } from '@playz/api-contract';
import type { BillingType } from '@playz/domain';
import type { VisitorAuth } from '../../../lib/access';

/** What a provider sees of a billing when it starts or checks it (decision 025). */

/** What applying a provider event came to (decision 025): providers' callbacks answer by it. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'rejected' | 'ignored';
export interface ApplyResult {
  outcome: ApplyOutcome;
  reason?: string;
  billingId?: string | null;
  subscriptionId?: number | null;
  purchaseId?: number | null;
}
export interface ProviderBilling {
  id: string;
  kind: 'Subscription' | 'Purchase' | 'CardUpdate' | 'CardSave';
  /** Charged now (0 during a free first period: the means of payment is only registered). */
  amountCents: number;
  currency: string;
  trialDays: number;
  offer: {
    id: number;
    productId: number;
    name: string;
    durationUnit: 'Week' | 'Month';
    durationCount: number;
    /** The price of the terms that follow the first (cents). */
    renewalPriceCents: number;
  };
  customer: { id: number; login: string | null } | null;
  msisdn: string | null;
  operatorId: number | null;
  /** Where the viewer's browser comes back to (`/billing/return/{billing_id}` on our origin). */
  returnUrl: string;
  /** The provider's own reference, once `start` gave one. */
  providerRef: string | null;
  /** The subscription a CardUpdate billing changes. */
  subscriptionRef: string | null;
}

/** How the browser goes on after `start` (spec 3 §4 subscription flow, steps 1 and 2). */
export type StartAnswer =
  | { kind: 'redirect'; url: string; providerRef: string }
  | { kind: 'form'; url: string; params: Record<string, string>; providerRef: string }
  /** The provider needs the mobile number first (direct pass without msisdn). */
  | { kind: 'needsMsisdn' };

export type ProviderEventKind =
  | 'paid'
  | 'refused'
  | 'abandoned'
  | 'renewed'
  | 'renewalFailed'
  | 'cancelled'
  /** A store subscription cancelled, then renewing again before its end (decision 093). */
  | 'resumed'
  | 'refunded'
  | 'cardUpdated';

/** A fact a provider stated, its signature already checked by the provider's adapter. */
export interface ProviderEvent {
  billingType: BillingType;
  /** Unique per provider: its notification, transaction or charge id with the status. */
  key: string;
  kind: ProviderEventKind;
  /** Our billing, for the events of a checkout. */
  billingId: string | null;
  /** The provider's subscription (renewals, cancels, refunds of a running subscription). */
  subscriptionRef: string | null;
  amountCents: number;
  currency: string;
  /** The provider's payment reference, kept for refunds. */
  providerRef?: string | null;
  /** The payer's mobile number (operator billing: who the account is for). */
  msisdn?: string | null;
  /**
   * The end of access the provider itself states (store receipts: the store's expiry date). When
   * given it replaces the date computed from the offer's terms (decision 029).
   */
  expiresAt?: string | null;
  /**
   * The card a card payment or card change registered, as the processor masked it (its last four
   * digits, brand and expiry): the Customer's creditCard (decision 058 addendum).
   */
  card?: RegisteredCard | null;
  detail?: string;
}

/** A registered card as Playz keeps it: never more of its number than the last four digits. */
export interface RegisteredCard {
  brand: string | null;
  last4: string;
  expiryMonth: number | null;
  expiryYear: number | null;
}

/** A renewal charge the billing job asks for; the key makes a second ask a no-op at the provider. */
export interface RenewalCharge {
  idempotencyKey: string;
  subscriptionRef: string;
  /**
   * The means of payment to charge when it is not the subscription's own: the customer's saved
   * card (decision 083). The events still name the subscription by `subscriptionRef`.
   */
  paymentToken?: string;
  amountCents: number;
  currency: string;
  billingId: string | null;
  /**
   * The end of the term being renewed. Stores renew on their side (decision 029): a renewal is
   * their end date past this one.
   */
  termEndsAt?: string;
}

export interface ProviderContext {
  /** Applies a checked event exactly once (decision 025). */
  applyEvent(event: ProviderEvent): Promise<ApplyResult>;
  publicUrl: string;
}

/**
 * One payment method (decision 025): its protocol lives in `providers/<name>/`, the checkout and
 * the billing job only call this interface.
 */
export interface PaymentProvider {
  billingType: BillingType;
  /** The name in routes (spec 3 §3): direct-pass, credit-card, paypal, dummy... */
  routeName: string;
  /** Starts a payment at the provider. */
  start(billing: ProviderBilling): Promise<StartAnswer>;
  /** Asks the provider where a billing stands (reconciliation); null while it does not know yet. */
  status(billing: ProviderBilling): Promise<ProviderEvent | null>;
  /** Charges a renewal; answers the `renewed` or `renewalFailed` event to apply. */
  charge(charge: RenewalCharge): Promise<ProviderEvent>;
  /** Stops the renewal at the provider; an "already cancelled" answer is a success. */
  cancel(subscriptionRef: string): Promise<'cancelled' | 'alreadyCancelled'>;
  /**
   * Refunds a payment, or part of it (cents); answers the `refunded` event to apply. `renewal`:
   * the reference is a renewal charge's own (decision 109), not the sale's first payment.
   */
  refund(input: {
    providerRef: string;
    amountCents: number;
    currency: string;
    key: string;
    renewal?: boolean;
  }): Promise<ProviderEvent>;
  /** Its notification (webhook, IPN) routes, outside /api/1.2. */
  registerRoutes?(app: FastifyInstance, context: ProviderContext): void;
  /** Its own calls under /api/1.2 (PayPal's return, which the browser opens itself). */
  registerApi?(api: FastifyInstance, context: ProviderApiContext): void;
}

/** What a provider's own API calls may use of the checkout (decision 027). */
export interface ProviderApiContext {
  checkResponses: boolean;
  /**
   * Where a billing stands for this viewer (32 when they may not read it), asked of the provider
   * while Pending, and signing in the customer a payment made: the shared confirm calls' answer.
   */
  confirm(auth: VisitorAuth, request: FastifyRequest, reply: FastifyReply, billingId: string): Promise<BillingOutcome>;
  /** The provider's reference `start` kept for a billing (ask after `confirm` allowed the viewer). */
  providerRefOf(billingId: string): Promise<string | null>;
  applyEvent(event: ProviderEvent): Promise<ApplyResult>;
}
