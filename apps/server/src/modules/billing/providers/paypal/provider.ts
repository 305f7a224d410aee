import { API_BASE_PATH } from '@playz/api-contract';
import type { PaymentProvider, ProviderBilling, ProviderEvent, StartAnswer } from '../payment-provider';
import { registerPaypalCallbacks } from './callback.routes';
import { PaypalError, type PaypalBillingCycle, type PaypalClient, type PaypalLink } from './client';
import type { PaypalConfig } from './config';
import { registerPaypalConfirm } from './confirm.routes';
import { centsToValue, valueToCents } from './money';
import { BILLING_TYPE, createPaypalEvents } from './provider-events';

/**
 * How far back the billing job's charge looks for this term's payment. PayPal bills on its own
 * schedule, at or just after the term's end; the job asks an hour before, then 1 and 4 days after
 * (decision 025 retries): 5 days reach this term's sale from every ask and never the previous
 * term's (a week at least before).
 */
const RENEWAL_LOOKBACK_MS = 5 * 24 * 3600_000;

/** How long after its own billing time PayPal may still collect a term before we call it refused. */
const PAYPAL_BILLING_GRACE_MS = 24 * 3600_000;

/** Thrown by charge() while PayPal has yet to bill the term: the billing job asks again later. */
export class PaypalNotBilledYet extends Error {
  constructor(subscriptionId: string, nextBillingTime: string) {
    super(`paypal: subscription ${subscriptionId} is billed by PayPal at ${nextBillingTime}, not yet`);
  }
}

const approvalLink = (links: PaypalLink[]) =>
  links.find((l) => l.rel === 'approve') ?? links.find((l) => l.rel === 'payer-action');

/** Where PayPal sends the viewer back: our confirm call, which captures or reads at PayPal. */
export const paypalReturnUrl = (publicUrl: string, billingId: string) =>
  `${publicUrl}${API_BASE_PATH}/billing/paypal/confirm?billing_id=${billingId}`;

/**
 * PayPal (spec 3 §1, §7 paypal url and confirm; decision 027): purchases are Orders v2 the viewer
 * approves and we capture; subscriptions are Billing Subscriptions v1 on a plan per offer, which
 * PayPal renews by itself and tells us about by webhook.
 */
export function createPaypalProvider(deps: {
  config: PaypalConfig;
  client: PaypalClient;
  publicUrl: string;
}): PaymentProvider {
  const { client } = deps;
  const events = createPaypalEvents(client);
  // Products and plans are created once per offer and terms; the request id makes PayPal answer
  // the same one again after a restart, the map spares the call within a process.
  const products = new Map<number, Promise<string>>();
  const plans = new Map<string, Promise<string>>();

  function cached<K>(map: Map<K, Promise<string>>, key: K, make: () => Promise<string>): Promise<string> {
    let value = map.get(key);
    if (!value) {
      value = make();
      map.set(key, value);
      value.catch(() => map.delete(key));
    }
    return value;
  }

  const productFor = (billing: ProviderBilling) =>
    cached(products, billing.offer.id, async () => {
      const product = await client.createProduct(
        { name: billing.offer.name, type: 'SERVICE', category: 'ENTERTAINMENT_AND_MEDIA' },
        `playz-product-${billing.offer.id}`,
      );
      return product.id;
    });

  const planFor = (billing: ProviderBilling) => {
    const { offer } = billing;
    const key = [offer.id, offer.durationUnit, offer.durationCount, billing.trialDays, billing.amountCents]
      .concat([offer.renewalPriceCents])
      .join('-')
      .concat(`-${billing.currency}`);
    return cached(plans, key, async () => {
      const price = (cents: number) => ({
        fixed_price: { value: centsToValue(cents), currency_code: billing.currency },
      });
      const term = {
        interval_unit: offer.durationUnit === 'Week' ? 'WEEK' : 'MONTH',
        interval_count: offer.durationCount,
      } as const;
      const cycles: PaypalBillingCycle[] = [];
      if (billing.trialDays > 0)
        // A free trial: a TRIAL cycle without price (the first period is free once, decision 025).
        cycles.push({
          tenure_type: 'TRIAL',
          sequence: 1,
          total_cycles: 1,
          frequency: { interval_unit: 'DAY', interval_count: billing.trialDays },
        });
      else if (billing.amountCents !== offer.renewalPriceCents)
        // A first term at another price (promo): one paid TRIAL term, then the regular price.
        cycles.push({
          tenure_type: 'TRIAL',
          sequence: 1,
          total_cycles: 1,
          frequency: term,
          pricing_scheme: price(billing.amountCents),
        });
      cycles.push({
        tenure_type: 'REGULAR',
        sequence: cycles.length + 1,
        total_cycles: 0,
        frequency: term,
        pricing_scheme: price(offer.renewalPriceCents),
      });
      const plan = await client.createPlan(
        {
          product_id: await productFor(billing),
          name: `${offer.name} (${key})`,
          status: 'ACTIVE',
          billing_cycles: cycles,
          // PayPal retries a refused renewal itself; three refusals suspend it (we cancel then too).
          payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
        },
        `playz-plan-${key}`,
      );
      return plan.id;
    });
  };

  const applicationContext = (billing: ProviderBilling, userAction: string) => {
    const returnUrl = paypalReturnUrl(deps.publicUrl, billing.id);
    return {
      brand_name: 'Playz',
      locale: 'fr-FR',
      shipping_preference: 'NO_SHIPPING',
      user_action: userAction,
      return_url: returnUrl,
      // The same call, told the viewer left: it checks at PayPal that nothing was approved.
      cancel_url: `${returnUrl}&cancelled=1`,
    };
  };

  async function refundSubscriptionPayment(
    subscriptionId: string,
    input: { amountCents: number; currency: string; key: string },
  ) {
    const sub = await client.getSubscription(subscriptionId);
    const from = new Date(Date.parse(sub.start_time ?? new Date().toISOString()) - 24 * 3600_000);
    const { transactions = [] } = await client.subscriptionTransactions(subscriptionId, from, new Date());
    // A first payment partly refunded already (decision 109) is still the one to refund from.
    const first = transactions
      .filter((t) => t.status === 'COMPLETED' || t.status === 'PARTIALLY_REFUNDED')
      .sort((a, b) => Date.parse(a.time) - Date.parse(b.time))[0];
    if (!first) throw new Error(`paypal: subscription ${subscriptionId} has no payment to refund`);
    const refund = await client.refundSale(
      first.id,
      { amount: { total: centsToValue(input.amountCents), currency: input.currency } },
      input.key,
    );
    return {
      id: refund.id,
      amountCents: valueToCents(refund.amount.total) ?? input.amountCents,
      currency: refund.amount.currency,
    };
  }

  async function refundSale(saleId: string, input: { amountCents: number; currency: string; key: string }) {
    const refund = await client.refundSale(
      saleId,
      { amount: { total: centsToValue(input.amountCents), currency: input.currency } },
      input.key,
    );
    return {
      id: refund.id,
      amountCents: valueToCents(refund.amount.total) ?? input.amountCents,
      currency: refund.amount.currency,
    };
  }

  async function refundCapturePayment(ref: string, input: { amountCents: number; currency: string; key: string }) {
    // A purchase's billing keeps the order id; a capture id is taken as it is.
    let captureId = ref;
    try {
      const order = await client.getOrder(ref);
      captureId = order.purchase_units[0]?.payments?.captures?.[0]?.id ?? ref;
    } catch (error) {
      if (!(error instanceof PaypalError && error.status === 404)) throw error;
    }
    const refund = await client.refundCapture(
      captureId,
      { amount: { value: centsToValue(input.amountCents), currency_code: input.currency } },
      input.key,
    );
    return {
      id: refund.id,
      amountCents: valueToCents(refund.amount?.value) ?? input.amountCents,
      currency: refund.amount?.currency_code ?? input.currency,
    };
  }

  return {
    billingType: BILLING_TYPE,
    routeName: 'paypal',

    async start(billing: ProviderBilling): Promise<StartAnswer> {
      if (billing.kind === 'CardUpdate') throw new Error('paypal: a PayPal subscription has no card to update');
      if (billing.kind === 'Purchase') {
        const order = await client.createOrder(
          {
            intent: 'CAPTURE',
            purchase_units: [
              {
                reference_id: billing.id,
                custom_id: billing.id,
                description: billing.offer.name.slice(0, 127),
                amount: { currency_code: billing.currency, value: centsToValue(billing.amountCents) },
              },
            ],
            application_context: applicationContext(billing, 'PAY_NOW'),
          },
          `order-${billing.id}`,
        );
        const link = approvalLink(order.links);
        if (!link) throw new Error(`paypal: order ${order.id} has no approval link`);
        return { kind: 'redirect', url: link.href, providerRef: order.id };
      }
      const sub = await client.createSubscription(
        {
          plan_id: await planFor(billing),
          custom_id: billing.id,
          application_context: applicationContext(billing, 'SUBSCRIBE_NOW'),
        },
        `subscription-${billing.id}`,
      );
      const link = approvalLink(sub.links);
      if (!link) throw new Error(`paypal: subscription ${sub.id} has no approval link`);
      return { kind: 'redirect', url: link.href, providerRef: sub.id };
    },

    /**
     * Where a billing stands at PayPal. An approved order is captured here: with intent CAPTURE
     * the money moves only when the merchant captures, and this is the one place that does it
     * (the return, the reconciler). The request id makes concurrent captures one.
     */
    async status(billing) {
      if (!billing.providerRef) return null;
      if (billing.kind === 'Subscription')
        return events.subscriptionEvent(await client.getSubscription(billing.providerRef));
      let order = await client.getOrder(billing.providerRef);
      if (order.status === 'APPROVED') {
        try {
          order = await client.captureOrder(order.id, `capture-${billing.id}`);
        } catch (error) {
          if (!(error instanceof PaypalError)) throw error;
          if (error.issue === 'INSTRUMENT_DECLINED' || error.issue === 'PAYER_ACTION_REQUIRED')
            return {
              billingType: BILLING_TYPE,
              key: `order:${order.id}:${error.issue}`,
              kind: 'refused',
              billingId: billing.id,
              subscriptionRef: null,
              amountCents: 0,
              currency: billing.currency,
              detail: `capture refused by PayPal (${error.issue})`,
            };
          // Another node captured it first: read what it got.
          if (error.issue !== 'ORDER_ALREADY_CAPTURED') throw error;
          order = await client.getOrder(order.id);
        }
      }
      return events.orderEvent(order, billing.id);
    },

    /**
     * PayPal renews by itself (the plan's REGULAR cycles): the billing job's charge reads whether
     * this term's payment landed. Found, it is the same `sale:` event the webhook gives; refused by
     * PayPal, or not billed a day after PayPal's billing time, a refusal the job retries.
     */
    async charge(charge) {
      const sub = await client.getSubscription(charge.subscriptionRef);
      const now = new Date();
      const { transactions = [] } = await client.subscriptionTransactions(
        sub.id,
        new Date(now.getTime() - RENEWAL_LOOKBACK_MS),
        now,
      );
      const first = await events.firstPaymentId(sub);
      const paid = transactions
        .filter((t) => t.status === 'COMPLETED' && t.id !== first)
        .sort((a, b) => Date.parse(b.time) - Date.parse(a.time))[0];
      if (paid) {
        const gross = paid.amount_with_breakdown.gross_amount;
        return events.renewalEvent(
          { id: paid.id, amountCents: valueToCents(gross.value) ?? -1, currency: gross.currency_code },
          sub.id,
          charge.billingId,
        );
      }
      const lastFailed = sub.billing_info?.last_failed_payment;
      const refusedNow = lastFailed !== undefined && Date.parse(lastFailed.time) >= now.getTime() - RENEWAL_LOOKBACK_MS;
      const next = Date.parse(sub.billing_info?.next_billing_time ?? '');
      // PayPal has not tried this term yet (the job asks an hour ahead): a refusal now would
      // write a ChargeFailed nobody had. Nothing changes; the job asks again the next minute and
      // the PAYMENT.SALE.COMPLETED webhook usually comes first.
      if (
        sub.status === 'ACTIVE' &&
        !refusedNow &&
        Number.isFinite(next) &&
        now.getTime() < next + PAYPAL_BILLING_GRACE_MS
      )
        throw new PaypalNotBilledYet(sub.id, sub.billing_info!.next_billing_time!);
      return {
        billingType: BILLING_TYPE,
        key: `renewal-failed:${charge.idempotencyKey}`,
        kind: 'renewalFailed',
        billingId: charge.billingId,
        subscriptionRef: sub.id,
        amountCents: 0,
        currency: charge.currency,
        detail:
          sub.status !== 'ACTIVE'
            ? `subscription ${sub.status.toLowerCase()} at PayPal`
            : refusedNow
              ? `PayPal payment refused${lastFailed.reason_code ? ` (${lastFailed.reason_code})` : ''}`
              : 'PayPal did not bill this term',
      };
    },

    async cancel(subscriptionRef) {
      try {
        await client.cancelSubscription(subscriptionRef, 'Résiliation demandée sur Playz');
        return 'cancelled';
      } catch (error) {
        // PayPal refuses to cancel what is no longer active: already cancelled (or expired).
        if (error instanceof PaypalError && error.status === 422 && error.issue === 'SUBSCRIPTION_STATUS_INVALID')
          return 'alreadyCancelled';
        throw error;
      }
    },

    async refund(input): Promise<ProviderEvent> {
      // A renewal is a sale of the subscription, refunded as the first one is (decision 109).
      const refund = input.renewal
        ? await refundSale(input.providerRef, input)
        : input.providerRef.startsWith('I-')
          ? await refundSubscriptionPayment(input.providerRef, input)
          : await refundCapturePayment(input.providerRef, input);
      return {
        billingType: BILLING_TYPE,
        key: `refund:${refund.id}`,
        kind: 'refunded',
        billingId: null,
        subscriptionRef: input.providerRef.startsWith('I-') ? input.providerRef : null,
        amountCents: refund.amountCents,
        currency: refund.currency,
        providerRef: input.providerRef,
      };
    },

    registerRoutes(app, context) {
      registerPaypalCallbacks(app, { client, events, applyEvent: context.applyEvent });
    },

    registerApi(api, context) {
      registerPaypalConfirm(api, { client, events, context });
    },
  };
}
