import type { ProviderEvent } from '../payment-provider';

export const BILLING_TYPE = 'CreditCard' as const;

/** A form payment's state as the IPN or a status read states it (vads_trans_status values). */
export interface CardPaymentState {
  uuid: string;
  orderId: string;
  status: string;
  amountCents: number;
  currency: string;
  /** The registered card (vads_identifier / paymentMethodToken): what renewals charge. */
  token: string | null;
  /** A card change (REGISTER_UPDATE) rather than a payment. */
  cardUpdate: boolean;
}

const PAID = new Set(['AUTHORISED', 'CAPTURED', 'ACCEPTED']);
const REFUSED = new Set(['REFUSED', 'EXPIRED', 'CAPTURE_FAILED']);
const ABANDONED = new Set(['ABANDONED', 'CANCELLED']);

/**
 * The event a form payment's state is. The key names the outcome, not the processor's word for
 * it, so an IPN saying AUTHORISED and a later status read saying CAPTURED are one event.
 * Statuses still moving (INITIAL, WAITING_AUTHORISATION, UNDER_VERIFICATION...) are no event yet.
 */
export function cardPaymentEvent(p: CardPaymentState): ProviderEvent | null {
  const kind: ProviderEvent['kind'] | null = PAID.has(p.status)
    ? p.cardUpdate
      ? 'cardUpdated'
      : 'paid'
    : REFUSED.has(p.status)
      ? 'refused'
      : ABANDONED.has(p.status)
        ? 'abandoned'
        : null;
  if (!kind) return null;
  return {
    billingType: BILLING_TYPE,
    key: `trans:${p.uuid}:${kind}`,
    kind,
    billingId: p.orderId,
    subscriptionRef: p.token,
    amountCents: p.amountCents,
    currency: p.currency,
    providerRef: p.uuid,
    detail:
      kind === 'refused' ? `card ${p.status.toLowerCase()}` : kind === 'abandoned' ? 'left the card page' : undefined,
  };
}
