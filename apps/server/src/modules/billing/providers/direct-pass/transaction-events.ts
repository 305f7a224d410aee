import type { ProviderEvent } from '../payment-provider';
import type { GatewayTransaction } from './client';

export const BILLING_TYPE = 'Wap2' as const;

/** The event a transaction's state is (the same key whether a notification or a status read says it). */
export function transactionEvent(tx: GatewayTransaction): ProviderEvent | null {
  const base = {
    billingType: BILLING_TYPE,
    billingId: tx.merchantTransactionId,
    subscriptionRef: tx.subscriptionId,
    amountCents: tx.amount,
    currency: tx.currency,
    providerRef: tx.transactionId,
    msisdn: tx.msisdn,
  };
  switch (tx.status) {
    case 'pending':
      return null;
    case 'succeeded':
      return { ...base, key: `txn:${tx.transactionId}:succeeded`, kind: 'paid' };
    case 'failed':
      return { ...base, key: `txn:${tx.transactionId}:failed`, kind: 'refused', detail: 'refused by the operator' };
    case 'cancelled_by_user':
      return {
        ...base,
        key: `txn:${tx.transactionId}:cancelled`,
        kind: 'abandoned',
        detail: 'cancelled on the operator page',
      };
  }
}
