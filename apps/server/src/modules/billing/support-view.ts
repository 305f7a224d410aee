import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SupportPayment } from './support-actions';

/** A customer's money as support reads it (decision 080): subscriptions, purchases, the ledger. */
export interface SupportMoney {
  subscriptions: {
    id: number;
    offer: string;
    billingType: string;
    status: string;
    createdAt: string;
    expirationDate: string;
    cancelledAt: string | null;
    priceCents: number | null;
    currency: string | null;
  }[];
  purchases: {
    id: number;
    label: string;
    billingType: string;
    status: string;
    startDate: string | null;
    endDate: string | null;
    priceCents: number;
    currency: string;
    createdAt: string;
  }[];
  payments: SupportPayment[];
  ledger: {
    id: number;
    entry: string;
    billingType: string;
    billingId: string | null;
    amountCents: number;
    currency: string;
    detail: string | null;
    createdAt: string;
  }[];
}

/** The last lines of the ledger shown; the rest is `npm run billing -- history` until paging lands. */
const LEDGER_LINES = 100;

/**
 * Billing's answers to the console's support screens (decision 080), through the billing
 * module's front door: which customer a billing id belongs to, and what they pay and bought.
 */
export function createBillingSupportView(
  db: Kysely<Database>,
  payments: (customerId: number) => Promise<SupportPayment[]>,
) {
  return {
    async customerOfBilling(billingId: string): Promise<number | null> {
      const row = await db
        .selectFrom('billings')
        .select('customer_id')
        .where('id', '=', billingId.trim())
        .executeTakeFirst();
      return row?.customer_id ?? null;
    },

    async money(customerId: number): Promise<SupportMoney> {
      const [subscriptions, purchases, ledger, paid] = await Promise.all([
        db
          .selectFrom('subscriptions')
          .innerJoin('offers', 'offers.id', 'subscriptions.offer_id')
          .select([
            'subscriptions.id',
            'offers.name as offer',
            'subscriptions.billing_type',
            'subscriptions.status',
            'subscriptions.created_at',
            'subscriptions.expiration_date',
            'subscriptions.cancelled_at',
            'subscriptions.price_cents',
            'subscriptions.currency',
            'offers.price_cents as offer_price_cents',
            'offers.currency as offer_currency',
          ])
          .where('subscriptions.customer_id', '=', customerId)
          .orderBy('subscriptions.id', 'desc')
          .execute(),
        db
          .selectFrom('purchases')
          .select([
            'id',
            'label',
            'billing_type',
            'status',
            'start_date',
            'end_date',
            'price_cents',
            'currency',
            'created_at',
          ])
          .where('customer_id', '=', customerId)
          .orderBy('id', 'desc')
          .execute(),
        db
          .selectFrom('billing_ledger')
          .select(['id', 'entry', 'billing_type', 'billing_id', 'amount_cents', 'currency', 'detail', 'created_at'])
          .where('customer_id', '=', customerId)
          .orderBy('id', 'desc')
          .limit(LEDGER_LINES)
          .execute(),
        payments(customerId),
      ]);
      return {
        subscriptions: subscriptions.map((s) => ({
          id: s.id,
          offer: s.offer,
          billingType: s.billing_type,
          status: s.status,
          createdAt: s.created_at,
          expirationDate: s.expiration_date,
          cancelledAt: s.cancelled_at,
          // A term's own price once billing wrote one (decision 025), else the offer's.
          priceCents: s.price_cents ?? s.offer_price_cents,
          currency: s.currency ?? s.offer_currency,
        })),
        purchases: purchases.map((p) => ({
          id: p.id,
          label: p.label,
          billingType: p.billing_type,
          status: p.status,
          startDate: p.start_date,
          endDate: p.end_date,
          priceCents: p.price_cents,
          currency: p.currency,
          createdAt: p.created_at,
        })),
        payments: paid,
        ledger: ledger.map((l) => ({
          id: l.id,
          entry: l.entry,
          billingType: l.billing_type,
          billingId: l.billing_id,
          amountCents: l.amount_cents,
          currency: l.currency,
          detail: l.detail,
          createdAt: l.created_at,
        })),
      };
    },
  };
}

export type BillingSupportView = ReturnType<typeof createBillingSupportView>;
