import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** The ledger's entries (decision 025): every change of money or access. */
export type LedgerEntry =
  | 'TrialStarted'
  | 'Charged'
  | 'Purchased'
  | 'Refused'
  | 'Abandoned'
  | 'Renewed'
  | 'ChargeFailed'
  | 'RetryScheduled'
  | 'Cancelled'
  /** A cancelled store subscription renewing again before its end (decision 093). */
  | 'Resumed'
  | 'Refunded'
  | 'Expired'
  | 'CardUpdated'
  | 'CardSaved'
  | 'CardRemoved';

export interface LedgerLine {
  customerId: number | null;
  subscriptionId?: number | null;
  purchaseId?: number | null;
  billingId?: string | null;
  billingType: string;
  entry: LedgerEntry;
  /** Cents: positive for money in, negative for money back, 0 for a change of access only. */
  amountCents: number;
  currency: string;
  detail?: string | null;
  at: string;
  /** The provider's reference of the payment this line records, for a later refund of it (decision 109). */
  providerRef?: string | null;
  /** The paid line a `Refunded` line gives money back of (decision 109). */
  refundOf?: number | null;
}

/** Writes one ledger line with the handle of the transaction that makes the change it records. */
export async function writeLedger(db: Kysely<Database>, line: LedgerLine): Promise<void> {
  await db
    .insertInto('billing_ledger')
    .values({
      customer_id: line.customerId,
      subscription_id: line.subscriptionId ?? null,
      purchase_id: line.purchaseId ?? null,
      billing_id: line.billingId ?? null,
      billing_type: line.billingType,
      entry: line.entry,
      amount_cents: line.amountCents,
      currency: line.currency,
      detail: line.detail ?? null,
      created_at: line.at,
      provider_ref: line.providerRef ?? null,
      refund_of: line.refundOf ?? null,
    })
    .execute();
}

/** A customer's ledger, oldest first (the operator's `npm run billing -- history <login>`). */
export function ledgerOf(db: Kysely<Database>, customerId: number) {
  return db.selectFrom('billing_ledger').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}
