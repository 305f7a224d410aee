import { createHash } from 'node:crypto';
import type { PaymentProvider, ProviderBilling, StartAnswer } from '../payment-provider';
import { registerCreditCardCallbacks } from './callback.routes';
import { BILLING_TYPE, cardPaymentEvent, type CardPaymentState } from './payment-events';
import {
  CardApiError,
  ORDER_NOT_FOUND,
  TOKEN_ALREADY_CANCELLED,
  type CardTransaction,
  type CreditCardClient,
} from './client';
import type { CreditCardConfig } from './config';
import { nextTransId, paymentForm } from './payment-form';

/** The payment of a transaction read from the REST API. */
const stateOfTransaction = (t: CardTransaction, cardUpdate: boolean): CardPaymentState => ({
  uuid: t.uuid,
  orderId: t.orderId,
  status: t.detailedStatus,
  amountCents: t.amount,
  currency: t.currency,
  token: t.paymentMethodToken,
  cardUpdate,
});

/** Renewal orders are named from the idempotency key: a second ask finds the first order. */
export const renewalOrderId = (idempotencyKey: string) =>
  `R${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 31)}`;

const isTransactionUuid = (ref: string) => /^[0-9a-f]{32}$/.test(ref);
const isBillingId = (ref: string) => /^[0-9a-f]{24}$/.test(ref);

/**
 * Credit card with 3-D Secure (spec 3 §1 CB, §4 step 2; decision 026): the viewer types the card
 * on the processor's hosted page (Lyra form protocol), whose signed IPN tells us the outcome;
 * the registered card renews through the processor's REST API on our billing job's request.
 */
export function createCreditCardProvider(deps: {
  config: CreditCardConfig;
  client: CreditCardClient;
  publicUrl: string;
  /** The wall clock: vads_trans_date is checked against the processor's own clock. */
  now: () => Date;
}): PaymentProvider {
  const { client, config } = deps;

  /** The last payment attempt of an order (the form can be tried once per trans_id). */
  async function lastTransactionOf(orderId: string): Promise<CardTransaction | null> {
    try {
      const order = await client.getOrder(orderId);
      return order.transactions.filter((t) => t.operationType !== 'CREDIT').at(-1) ?? null;
    } catch (error) {
      if (error instanceof CardApiError && error.errorCode === ORDER_NOT_FOUND) return null;
      throw error;
    }
  }

  return {
    billingType: BILLING_TYPE,
    routeName: 'credit-card',

    async start(billing: ProviderBilling): Promise<StartAnswer> {
      const now = deps.now();
      const params = paymentForm(billing, config, { publicUrl: deps.publicUrl, now, transId: nextTransId(now) });
      // Nothing exists at the processor before the form is posted: it knows the payment by our order id.
      return { kind: 'form', url: config.gatewayUrl, params, providerRef: billing.id };
    },

    async status(billing) {
      const last = await lastTransactionOf(billing.id);
      return last ? cardPaymentEvent(stateOfTransaction(last, billing.kind === 'CardUpdate')) : null;
    },

    async charge(charge) {
      const orderId = renewalOrderId(charge.idempotencyKey);
      // The processor does not dedupe payments itself: an order already made for this key answers.
      let transaction = await lastTransactionOf(orderId);
      if (!transaction) {
        const answer = await client.createPayment({
          amount: charge.amountCents,
          currency: charge.currency,
          orderId,
          // The card on file when the customer saved one, else the card the subscription registered.
          paymentMethodToken: charge.paymentToken ?? charge.subscriptionRef,
          idempotencyKey: charge.idempotencyKey,
        });
        transaction = answer.transactions.at(-1) ?? null;
      }
      if (!transaction || !['PAID', 'UNPAID'].includes(transaction.status))
        throw new Error(`card renewal ${orderId} not settled yet (${transaction?.status ?? 'no transaction'})`);
      const paid = transaction.status === 'PAID';
      return {
        billingType: BILLING_TYPE,
        key: `trans:${transaction.uuid}:${paid ? 'renewed' : 'renewalFailed'}`,
        kind: paid ? 'renewed' : 'renewalFailed',
        billingId: charge.billingId,
        subscriptionRef: charge.subscriptionRef,
        amountCents: transaction.amount,
        currency: transaction.currency,
        providerRef: transaction.uuid,
        detail: paid
          ? undefined
          : `${transaction.detailedStatus} ${transaction.errorCode ?? ''} ${transaction.errorMessage ?? ''}`.trim(),
      };
    },

    async cancel(subscriptionRef) {
      try {
        await client.cancelToken(subscriptionRef);
        return 'cancelled';
      } catch (error) {
        if (error instanceof CardApiError && error.errorCode === TOKEN_ALREADY_CANCELLED) return 'alreadyCancelled';
        throw error;
      }
    },

    async refund(input) {
      // The payment is named by its transaction uuid, or by our billing id (the order) it paid.
      const paid = isTransactionUuid(input.providerRef)
        ? await client.getTransaction(input.providerRef)
        : await lastTransactionOf(input.providerRef);
      if (!paid) throw new Error(`no card payment ${input.providerRef} to refund`);
      const refund = await client.cancelOrRefund({
        uuid: paid.uuid,
        amount: input.amountCents,
        currency: input.currency,
        idempotencyKey: input.key,
      });
      return {
        billingType: BILLING_TYPE,
        key: `refund:${refund.uuid}`,
        kind: 'refunded',
        billingId: isBillingId(paid.orderId) ? paid.orderId : null,
        subscriptionRef: paid.paymentMethodToken,
        amountCents: refund.amount,
        currency: refund.currency,
        providerRef: paid.uuid,
      };
    },

    registerRoutes(app, context) {
      registerCreditCardCallbacks(app, { key: config.key, applyEvent: context.applyEvent });
    },
  };
}
