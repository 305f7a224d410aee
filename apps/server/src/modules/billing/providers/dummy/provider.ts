import type { PaymentProvider } from '../payment-provider';
import { ReceiptNotValidError, startsOnDevice, type StoreProvider } from '../store-provider';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Dummy (spec 3 §4 "prepare after 1 s, then save with a random id"): the testing store every
 * platform gets. There is no store to ask: the random id itself is the receipt, the offer's own
 * price is charged. Offered only where `BILLING_DUMMY` allows it (never in production by default).
 */
export function createDummyProvider(deps: { defaultSku: string }): StoreProvider {
  // The testing store grants what it is asked: renewals and refunds succeed, keyed by our own
  // idempotency keys so a replay changes nothing.
  const base: Omit<PaymentProvider, 'billingType' | 'routeName'> = {
    start: async () => startsOnDevice(),
    status: async () => null,
    charge: async (charge) => ({
      billingType: 'Dummy',
      key: `charge:${charge.idempotencyKey}`,
      kind: 'renewed',
      billingId: charge.billingId,
      subscriptionRef: charge.subscriptionRef,
      amountCents: charge.amountCents,
      currency: charge.currency,
    }),
    cancel: async () => 'cancelled',
    refund: async (input) => ({
      billingType: 'Dummy',
      key: `refund:${input.key}`,
      kind: 'refunded',
      billingId: null,
      subscriptionRef: null,
      amountCents: input.amountCents,
      currency: input.currency,
      providerRef: input.providerRef,
    }),
  };
  return {
    ...base,
    billingType: 'Dummy',
    routeName: 'dummy',
    async verifyReceipt(fields) {
      const id = fields.receipt ?? '';
      if (!UUID.test(id)) throw new ReceiptNotValidError('a dummy receipt is a random uuid');
      return {
        subscriptionRef: id.toLowerCase(),
        termKey: id.toLowerCase(),
        sku: fields.sku ?? deps.defaultSku,
        amountCents: null,
        currency: null,
        expiresAt: null,
        active: true,
        renewing: true,
      };
    },
  };
}
