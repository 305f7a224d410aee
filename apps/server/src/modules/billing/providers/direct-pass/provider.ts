import type { PaymentProvider, ProviderBilling, ProviderEvent, StartAnswer } from '../payment-provider';
import { GatewayError, type DirectPassClient, type GatewayTransaction } from './client';
import { registerDirectPassCallbacks } from './callback.routes';
import type { DirectPassConfig } from './config';

const BILLING_TYPE = 'Wap2' as const;

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

/**
 * Direct pass (spec 3 §1 mobile operator billing, §4 step 1): the viewer confirms on the operator's
 * page, the operator bills the mobile line and renews on our request (decision 025).
 */
export function createDirectPassProvider(deps: {
  config: DirectPassConfig;
  client: DirectPassClient;
  publicUrl: string;
}): PaymentProvider {
  const { client } = deps;
  return {
    billingType: BILLING_TYPE,
    routeName: 'direct-pass',

    async start(billing: ProviderBilling): Promise<StartAnswer> {
      try {
        const created = await client.createTransaction({
          merchantTransactionId: billing.id,
          operatorId: billing.operatorId ?? 99,
          msisdn: billing.msisdn,
          amount: billing.amountCents,
          currency: billing.currency,
          trialDays: billing.trialDays,
          recurrence:
            billing.kind === 'Subscription'
              ? { unit: billing.offer.durationUnit === 'Week' ? 'week' : 'month', count: billing.offer.durationCount }
              : null,
          renewalAmount: billing.kind === 'Subscription' ? billing.offer.renewalPriceCents : null,
          description: billing.offer.name,
          returnUrl: billing.returnUrl,
          notifyUrl: `${deps.publicUrl}/billing/callbacks/direct-pass`,
        });
        return { kind: 'redirect', url: created.paymentUrl, providerRef: created.transactionId };
      } catch (error) {
        // The operator cannot tell the line without its number (no network header): ask for it.
        if (error instanceof GatewayError && error.code === 'msisdn_required') return { kind: 'needsMsisdn' };
        throw error;
      }
    },

    async status(billing) {
      if (!billing.providerRef) return null;
      return transactionEvent(await client.getTransaction(billing.providerRef));
    },

    async charge(charge) {
      const result = await client.charge(charge.subscriptionRef, {
        idempotencyKey: charge.idempotencyKey,
        amount: charge.amountCents,
        currency: charge.currency,
      });
      return {
        billingType: BILLING_TYPE,
        key: `charge:${result.chargeId}:${result.status}`,
        kind: result.status === 'succeeded' ? 'renewed' : 'renewalFailed',
        billingId: charge.billingId,
        subscriptionRef: charge.subscriptionRef,
        amountCents: result.amount,
        currency: result.currency,
        providerRef: result.chargeId,
        detail: result.reason ?? undefined,
      };
    },

    async cancel(subscriptionRef) {
      try {
        await client.cancel(subscriptionRef);
        return 'cancelled';
      } catch (error) {
        if (error instanceof GatewayError && error.code === 'already_cancelled') return 'alreadyCancelled';
        throw error;
      }
    },

    async refund(input) {
      const refund = await client.refund(input.providerRef, { idempotencyKey: input.key, amount: input.amountCents });
      return {
        billingType: BILLING_TYPE,
        key: `refund:${refund.refundId}`,
        kind: 'refunded',
        billingId: null,
        subscriptionRef: null,
        amountCents: refund.amount,
        currency: refund.currency,
        providerRef: input.providerRef,
      };
    },

    registerRoutes(app, context) {
      registerDirectPassCallbacks(app, { secret: deps.config.secret, applyEvent: context.applyEvent });
    },
  };
}
