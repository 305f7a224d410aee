import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PaymentRef } from '../ledger/payments';

// What applying a provider event answers (decision 025), shared by the paid, subscription and
// refund steps of apply-provider-event.ts.

export type ApplyOutcome = 'applied' | 'duplicate' | 'rejected' | 'ignored';

/** The payment a support refund gives money back of, and the console's request (decision 109). */
export interface RefundTarget {
  payment: PaymentRef;
  /** The console's key for this one request, kept with the refund: asked again, it answers it. */
  requestKey: string;
}
export interface ApplyResult {
  outcome: ApplyOutcome;
  reason?: string;
  billingId?: string | null;
  subscriptionId?: number | null;
  purchaseId?: number | null;
}

export type Trx = Transaction<Database>;

export const result = (outcome: ApplyOutcome, extra: Omit<ApplyResult, 'outcome'> = {}): ApplyResult => ({
  outcome,
  ...extra,
});
