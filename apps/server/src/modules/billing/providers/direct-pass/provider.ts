import type { PaymentProvider, ProviderBilling, StartAnswer } from '../payment-provider';
import { GatewayError, type DirectPassClient } from './client';
import { registerDirectPassCallbacks } from './callback.routes';
import { BILLING_TYPE, transactionEvent } from './transaction-events';
import type { DirectPassConfig } from './config';

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
