import { randomBytes } from 'node:crypto';
import type { CardEntry, TestCard } from './test-cards';

/** A transaction as the REST API shows it (Transaction/Get, Order/Get, CreatePayment). */
export interface CardTransaction {
  uuid: string;
  siteId: string;
  orderId: string;
  amount: number;
  currency: string;
  /** PAID or UNPAID. */
  status: 'PAID' | 'UNPAID';
  /** AUTHORISED, ACCEPTED (card registered), REFUSED, ABANDONED. */
  detailedStatus: 'AUTHORISED' | 'ACCEPTED' | 'REFUSED' | 'ABANDONED';
  operationType: 'DEBIT' | 'VERIFICATION' | 'CREDIT';
  paymentMethodToken: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  creationDate: string;
  /** CREDIT: the refunded payment. */
  parentUuid: string | null;
}

/** A registered card (vads_identifier): what renewals charge. */
export interface CardToken {
  token: string;
  siteId: string;
  card: CardEntry & { test: TestCard };
  status: 'active' | 'cancelled';
  /** The recurring terms the holder accepted (vads_sub_*, vads_subscription). */
  subscription: { id: string; amount: number; currency: string; effectDate: string; rule: string } | null;
}

/** One posted form, from the card page to its outcome. */
export interface FormPayment {
  id: string;
  siteId: string;
  key: string;
  /** The vads_ fields the merchant signed. */
  fields: Record<string, string>;
  /** Waiting for the 3-D Secure code. */
  challenge: { card: CardEntry & { test: TestCard }; attempts: number } | null;
  /** The settled transaction (the form is used once). */
  transaction: CardTransaction | null;
  /** What the IPN and the return carry, once settled. */
  result: Record<string, string> | null;
}

/** The stand-in's error codes of its REST API (the processor's own table is in decision 026). */
export const ERRORS = {
  notFound: { errorCode: 'PSP_010', errorMessage: 'transaction or order not found' },
  tokenCancelled: { errorCode: 'PSP_030', errorMessage: 'payment method token already cancelled' },
  tokenUnknown: { errorCode: 'PSP_031', errorMessage: 'unknown payment method token' },
  alreadyRefunded: { errorCode: 'PSP_040', errorMessage: 'amount greater than what is left to refund' },
  badRequest: { errorCode: 'INT_009', errorMessage: 'invalid request' },
  auth: { errorCode: 'INT_905', errorMessage: 'authentication failed' },
} as const;

export const newUuid = () => randomBytes(16).toString('hex');

/** The shop's memory at the processor: a stand-in keeps what the processor keeps, while it runs. */
export function createShopState() {
  return {
    forms: new Map<string, FormPayment>(),
    transactions: new Map<string, CardTransaction>(),
    /** `siteId:orderId` → transaction uuids, oldest first. */
    orders: new Map<string, string[]>(),
    tokens: new Map<string, CardToken>(),
    /** `siteId:day:transId` of every form posted: the processor refuses a repeat the same day. */
    transIds: new Set<string>(),
    /** `siteId:idempotencyKey` → the first answer of a REST call asked again. */
    byIdempotencyKey: new Map<string, unknown>(),
    /** Test switch: IPNs are lost (a merchant that was down), so only status reads tell. */
    dropNotifications: false,
  };
}
export type ShopState = ReturnType<typeof createShopState>;

export function recordTransaction(state: ShopState, t: CardTransaction) {
  state.transactions.set(t.uuid, t);
  const key = `${t.siteId}:${t.orderId}`;
  state.orders.set(key, [...(state.orders.get(key) ?? []), t.uuid]);
}
