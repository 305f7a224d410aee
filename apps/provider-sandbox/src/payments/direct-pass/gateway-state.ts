import { randomBytes } from 'node:crypto';

export interface Transaction {
  transactionId: string;
  merchantId: string;
  merchantTransactionId: string;
  operatorId: number;
  msisdn: string | null;
  amount: number;
  currency: string;
  trialDays: number;
  recurrence: { unit: 'week' | 'month'; count: number } | null;
  renewalAmount: number | null;
  description: string;
  returnUrl: string;
  notifyUrl: string;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled_by_user';
  subscriptionId: string | null;
}

export interface Subscription {
  subscriptionId: string;
  transactionId: string;
  msisdn: string;
  status: 'active' | 'cancelled';
  notifyUrl: string;
}

export interface Charge {
  chargeId: string;
  subscriptionId: string;
  status: 'succeeded' | 'failed';
  reason: string | null;
  amount: number;
  currency: string;
}

/**
 * Test lines of the stand-in (README, Payments): a line ending in 0001 is refused by the operator;
 * one ending in 99 pays the first time and refuses every renewal.
 */
export const REFUSED_LINE = /0001$/;
export const RENEWAL_REFUSED_LINE = /99$/;

export const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** The gateway's memory: a stand-in keeps what a real gateway keeps, for as long as it runs. */
export function createGatewayState() {
  return {
    transactions: new Map<string, Transaction>(),
    subscriptions: new Map<string, Subscription>(),
    charges: new Map<string, Charge>(),
    /** Idempotency keys of charges and refunds: a second ask answers the first result. */
    byIdempotencyKey: new Map<string, unknown>(),
    /** What was refunded of each payment (cents): refunds may be partial, never more than it. */
    refundedOf: new Map<string, number>(),
    /** Test switch: notifications are lost (a merchant that was down), so only status reads tell. */
    dropNotifications: false,
  };
}
export type GatewayState = ReturnType<typeof createGatewayState>;
