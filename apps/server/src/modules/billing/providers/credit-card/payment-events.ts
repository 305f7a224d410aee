import type { ProviderEvent, RegisteredCard } from '../payment-provider';

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
  /** The card as the processor masked it (vads_card_number and the rest), when it says. */
  card?: RegisteredCard | null;
}

/**
 * The card of an IPN (vads_card_brand, vads_card_number masked as 497010XXXXXX0002,
 * vads_expiry_month, vads_expiry_year): only its last four digits are kept (decision 058
 * addendum); none when the number is absent or not masked as expected.
 */
export function registeredCardOf(f: Record<string, string | undefined>): RegisteredCard | null {
  const last4 = /^[0-9X*]{8,15}([0-9]{4})$/.exec(f.vads_card_number ?? '')?.[1];
  if (!last4) return null;
  const month = Number(f.vads_expiry_month);
  const year = Number(f.vads_expiry_year);
  return {
    brand: f.vads_card_brand || null,
    last4,
    expiryMonth: Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
    expiryYear: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null,
  };
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
    // A registration that went through names its card; a refused one registered nothing.
    card: kind === 'paid' || kind === 'cardUpdated' ? (p.card ?? null) : null,
    detail:
      kind === 'refused' ? `card ${p.status.toLowerCase()}` : kind === 'abandoned' ? 'left the card page' : undefined,
  };
}
