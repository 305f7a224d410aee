import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/**
 * A payment support may refund (decision 109): a billing that moved money (a purchase, the first
 * charge of a subscription) or a renewal charge, which is a `Renewed` ledger line and not a billing
 * of its own. The console names a renewal `renewal-<ledger line id>`.
 */
export type PaymentRef = { billingId: string } | { renewalLine: number };

const RENEWAL = /^renewal-(\d{1,15})$/;

export const renewalPaymentId = (line: number) => `renewal-${line}`;

export function paymentRefOf(id: string): PaymentRef {
  const renewal = RENEWAL.exec(id);
  return renewal ? { renewalLine: Number(renewal[1]) } : { billingId: id };
}

export interface PaidPayment {
  ref: PaymentRef;
  customerId: number | null;
  billingType: string;
  amountCents: number;
  currency: string;
  /** The provider's reference of this payment (the billing's, or the renewal charge's). */
  providerRef: string | null;
  billingId: string | null;
  renewalLine: number | null;
  subscriptionId: number | null;
  purchaseId: number | null;
}

/** The payment a reference names, if it moved money (a succeeded billing, a paid renewal). */
export async function paidPayment(db: Kysely<Database>, ref: PaymentRef): Promise<PaidPayment | null> {
  if ('billingId' in ref) {
    const b = await db
      .selectFrom('billings')
      .selectAll()
      .where('id', '=', ref.billingId)
      .where('state', '=', 'Succeeded')
      .executeTakeFirst();
    if (!b || b.amount_cents <= 0) return null;
    return {
      ref,
      customerId: b.customer_id,
      billingType: b.billing_type,
      amountCents: b.amount_cents,
      currency: b.currency,
      providerRef: b.provider_ref,
      billingId: b.id,
      renewalLine: null,
      subscriptionId: b.purchase_id === null ? b.subscription_id : null,
      purchaseId: b.purchase_id,
    };
  }
  const line = await db
    .selectFrom('billing_ledger')
    .selectAll()
    .where('id', '=', ref.renewalLine)
    .where('entry', '=', 'Renewed')
    .executeTakeFirst();
  if (!line || line.amount_cents <= 0 || line.subscription_id === null) return null;
  return {
    ref,
    customerId: line.customer_id,
    billingType: line.billing_type,
    amountCents: line.amount_cents,
    currency: line.currency,
    providerRef: line.provider_ref ?? null,
    billingId: null,
    renewalLine: line.id,
    subscriptionId: line.subscription_id,
    purchaseId: null,
  };
}

/**
 * The `Refunded` lines of one payment: a billing's carry its id and no `refund_of` (as before
 * decision 109), a renewal's carry `refund_of` = its line.
 */
function refundLinesOf(db: Kysely<Database>, payment: PaidPayment) {
  const refunds = db.selectFrom('billing_ledger').where('entry', '=', 'Refunded');
  return payment.renewalLine !== null
    ? refunds.where('refund_of', '=', payment.renewalLine)
    : refunds.where('billing_id', '=', payment.billingId).where('refund_of', 'is', null);
}

/**
 * What is left to refund of a payment: its amount less its own refunds, and never more than its
 * sale's ledger (the subscription's or the purchase's lines together) says is still held, so a
 * refund the provider notified on its own, naming no payment, counts too.
 */
export async function leftOfPayment(db: Kysely<Database>, payment: PaidPayment): Promise<number> {
  const own = await refundLinesOf(db, payment)
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('refunded'))
    .executeTakeFirst();
  const left = payment.amountCents + Number(own?.refunded ?? 0);
  const sale = db
    .selectFrom('billing_ledger')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('net'));
  const scoped =
    payment.purchaseId !== null
      ? sale.where('purchase_id', '=', payment.purchaseId)
      : payment.subscriptionId !== null
        ? sale.where('subscription_id', '=', payment.subscriptionId)
        : null;
  if (!scoped) return 0;
  const net = Number((await scoped.executeTakeFirst())?.net ?? 0);
  return Math.max(0, Math.min(left, net));
}

/**
 * Whether a subscription's payment paid its current term: no renewal was paid after it. A full
 * refund of that charge ends access now; of an earlier term's, access stays (decision 109).
 */
export async function paysCurrentTerm(db: Kysely<Database>, payment: PaidPayment): Promise<boolean> {
  if (payment.subscriptionId === null) return false;
  let later = db
    .selectFrom('billing_ledger')
    .select('id')
    .where('subscription_id', '=', payment.subscriptionId)
    .where('entry', '=', 'Renewed')
    .where('amount_cents', '>', 0);
  if (payment.renewalLine !== null) later = later.where('id', '>', payment.renewalLine);
  return (await later.limit(1).executeTakeFirst()) === undefined;
}
