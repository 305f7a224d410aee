import type { ProviderEvent } from '../payment-provider';
import type { PaypalCapture, PaypalClient, PaypalOrder, PaypalPlan, PaypalSubscription } from './client';
import { valueToCents } from './money';

export const BILLING_TYPE = 'Paypal' as const;

/**
 * PayPal collects a priced first term when the viewer approves, within hours of the subscription's
 * creation (approval links expire in three): its sale is found within this window of the start.
 */
const FIRST_PAYMENT_WINDOW_MS = 3 * 24 * 3600_000;

/** A sale as PayPal's v1 PAYMENT.SALE.* webhooks describe it. */
export interface PaypalSale {
  id: string;
  state?: string;
  amount?: { total?: string; currency?: string };
  billing_agreement_id?: string;
  create_time?: string;
}

/**
 * PayPal facts as provider events (decision 027). Each key is the same whichever way the fact
 * reaches us (webhook, the return's capture or read, the billing job's read), so the first one
 * applies and the others are duplicates.
 */
export function createPaypalEvents(client: PaypalClient) {
  // Plans do not change once created: read each once per process.
  const plans = new Map<string, Promise<PaypalPlan>>();
  const planOf = (planId: string) => {
    let plan = plans.get(planId);
    if (!plan) {
      plan = client.getPlan(planId);
      plans.set(planId, plan);
      plan.catch(() => plans.delete(planId));
    }
    return plan;
  };

  /** Whether the plan's first cycle costs nothing (a free trial: activation brings 0 cents). */
  async function startsFree(planId: string): Promise<boolean> {
    const [first] = [...(await planOf(planId)).billing_cycles].sort((a, b) => a.sequence - b.sequence);
    if (!first || first.tenure_type !== 'TRIAL') return false;
    const price = first.pricing_scheme?.fixed_price;
    return !price || valueToCents(price.value) === 0;
  }

  function captureEvent(capture: PaypalCapture, billingId: string | null): ProviderEvent | null {
    const base = {
      billingType: BILLING_TYPE,
      billingId: billingId ?? capture.custom_id ?? null,
      subscriptionRef: null,
      amountCents: valueToCents(capture.amount.value) ?? -1,
      currency: capture.amount.currency_code,
      providerRef: capture.id,
    };
    switch (capture.status) {
      case 'PENDING':
        // PayPal holds it (eCheck, review): PAYMENT.CAPTURE.COMPLETED will say when it lands.
        return null;
      case 'DECLINED':
      case 'FAILED':
        return { ...base, key: `capture:${capture.id}:DECLINED`, kind: 'refused', detail: 'declined by PayPal' };
      default:
        // COMPLETED, or REFUNDED later on: the money did arrive once.
        return { ...base, key: `capture:${capture.id}:COMPLETED`, kind: 'paid' };
    }
  }

  function orderEvent(order: PaypalOrder, billingId: string): ProviderEvent | null {
    const capture = order.purchase_units[0]?.payments?.captures?.[0];
    if (capture) return captureEvent(capture, billingId);
    if (order.status === 'VOIDED')
      return {
        billingType: BILLING_TYPE,
        key: `order:${order.id}:VOIDED`,
        kind: 'abandoned',
        billingId,
        subscriptionRef: null,
        amountCents: 0,
        currency: order.purchase_units[0]?.amount.currency_code ?? 'EUR',
        detail: 'order voided at PayPal',
      };
    return null;
  }

  /** The activation of a subscription: `paid` once PayPal says it runs (and took the first term). */
  async function subscriptionEvent(sub: PaypalSubscription): Promise<ProviderEvent | null> {
    const billingId = sub.custom_id ?? null;
    if (sub.status === 'APPROVAL_PENDING' || sub.status === 'APPROVED') return null;
    if (sub.status === 'ACTIVE' || sub.status === 'SUSPENDED') {
      const free = await startsFree(sub.plan_id);
      const last = sub.billing_info?.last_payment;
      // A paid first term counts once PayPal collected it (the sale may land just after ACTIVATED).
      if (!free && !last) return null;
      return {
        billingType: BILLING_TYPE,
        key: `subscription:${sub.id}:ACTIVE`,
        kind: 'paid',
        billingId,
        subscriptionRef: sub.id,
        amountCents: free ? 0 : (valueToCents(last!.amount.value) ?? -1),
        currency: free ? (last?.amount.currency_code ?? (await currencyOf(sub.plan_id))) : last!.amount.currency_code,
        providerRef: sub.id,
      };
    }
    // CANCELLED or EXPIRED before we saw it run: nobody pays for it.
    return {
      billingType: BILLING_TYPE,
      // Not the CANCELLED webhook's key: that one is about a subscription that ran.
      key: `subscription:${sub.id}:${sub.status}:before-activation`,
      kind: 'abandoned',
      billingId,
      subscriptionRef: sub.id,
      amountCents: 0,
      currency: await currencyOf(sub.plan_id),
      detail: `subscription ${sub.status.toLowerCase()} at PayPal before it ran`,
    };
  }

  async function currencyOf(planId: string): Promise<string> {
    const plan = await planOf(planId);
    for (const cycle of plan.billing_cycles) {
      const price = cycle.pricing_scheme?.fixed_price;
      if (price) return price.currency_code;
    }
    return 'EUR';
  }

  /**
   * The sale that paid the first term (the activation, not a renewal): the subscription's first
   * payment, when its plan does not start with a free trial.
   */
  async function firstPaymentId(sub: PaypalSubscription): Promise<string | null> {
    if (!sub.start_time || (await startsFree(sub.plan_id))) return null;
    const start = Date.parse(sub.start_time);
    const { transactions = [] } = await client.subscriptionTransactions(
      sub.id,
      new Date(start - 24 * 3600_000),
      new Date(start + FIRST_PAYMENT_WINDOW_MS),
    );
    const first = transactions
      .filter((t) => t.status !== 'DECLINED' && t.status !== 'PENDING')
      .sort((a, b) => Date.parse(a.time) - Date.parse(b.time))[0];
    return first?.id ?? null;
  }

  function renewalEvent(
    sale: { id: string; amountCents: number; currency: string },
    subscriptionRef: string,
    billingId: string | null,
  ): ProviderEvent {
    return {
      billingType: BILLING_TYPE,
      // The sale id is the transaction id the subscription's transactions list shows: the
      // webhook and the billing job's read give the same key.
      key: `sale:${sale.id}:COMPLETED`,
      kind: 'renewed',
      billingId,
      subscriptionRef,
      amountCents: sale.amountCents,
      currency: sale.currency,
      providerRef: sale.id,
    };
  }

  /** A completed sale (webhook): the first term's payment activates, a later one renews. */
  async function saleEvent(sale: PaypalSale): Promise<ProviderEvent | null> {
    if (!sale.billing_agreement_id) return null;
    // The webhook was verified, but its subscription is read at PayPal to place the sale.
    const sub = await client.getSubscription(sale.billing_agreement_id);
    if ((await firstPaymentId(sub)) === sale.id) return subscriptionEvent(sub);
    return renewalEvent(
      {
        id: sale.id,
        amountCents: valueToCents(sale.amount?.total) ?? -1,
        currency: sale.amount?.currency ?? 'EUR',
      },
      sub.id,
      null,
    );
  }

  return { captureEvent, orderEvent, subscriptionEvent, saleEvent, renewalEvent, firstPaymentId };
}
export type PaypalEvents = ReturnType<typeof createPaypalEvents>;
