import type { PaypalConfig } from './config';

// PayPal's REST shapes, as much of them as Playz reads (developer.paypal.com/api/rest).
export interface PaypalMoney {
  currency_code: string;
  value: string;
}
export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}
export interface PaypalCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'FAILED';
  amount: PaypalMoney;
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}
export interface PaypalOrder {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    amount: PaypalMoney;
    payments?: { captures?: PaypalCapture[] };
  }[];
  links: PaypalLink[];
}
export interface PaypalCycleExecution {
  tenure_type: 'TRIAL' | 'REGULAR';
  sequence: number;
  cycles_completed: number;
  total_cycles: number;
}
export interface PaypalSubscription {
  id: string;
  status: 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  plan_id: string;
  custom_id?: string;
  start_time?: string;
  billing_info?: {
    last_payment?: { amount: PaypalMoney; time: string };
    last_failed_payment?: { amount: PaypalMoney; time: string; reason_code?: string };
    next_billing_time?: string;
    failed_payments_count?: number;
    cycle_executions?: PaypalCycleExecution[];
  };
  links: PaypalLink[];
}
export interface PaypalBillingCycle {
  tenure_type: 'TRIAL' | 'REGULAR';
  sequence: number;
  total_cycles: number;
  frequency: { interval_unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; interval_count: number };
  pricing_scheme?: { fixed_price?: PaypalMoney };
}
export interface PaypalPlan {
  id: string;
  product_id: string;
  status: string;
  billing_cycles: PaypalBillingCycle[];
}
export interface PaypalTransaction {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED';
  amount_with_breakdown: { gross_amount: PaypalMoney };
  time: string;
}
export interface PaypalRefund {
  id: string;
  status: string;
  amount?: PaypalMoney;
  custom_id?: string;
}
/** A v1 sale refund (subscription payments are sales). */
export interface PaypalSaleRefund {
  id: string;
  state: string;
  amount: { total: string; currency: string };
}
export interface WebhookSignature {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
}

/** A PayPal error answer ({name, message, details:[{issue}]}), or an OAuth one ({error}). */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    override readonly name: string,
    readonly issue: string | null,
    readonly debugId: string | null,
  ) {
    super(`paypal: ${status} ${name}${issue ? ` ${issue}` : ''}${debugId ? ` (debug_id ${debugId})` : ''}`);
  }
}

/** Renew the access token this long before PayPal says it expires (clock skew, request time). */
const TOKEN_MARGIN_MS = 60_000;

/**
 * PayPal's REST API with an OAuth2 client-credentials token, fetched once and kept until shortly
 * before it expires (PayPal rate-limits token calls); a 401 drops it and retries once.
 */
export function createPaypalClient(config: PaypalConfig, nowMs: () => number = Date.now) {
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const response = await fetch(`${config.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (!response.ok || !json.access_token)
      throw new PaypalError(response.status, json.error ?? 'AUTHENTICATION_FAILURE', null, null);
    token = { value: json.access_token, expiresAt: nowMs() + Number(json.expires_in ?? 0) * 1000 };
    return json.access_token;
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt - TOKEN_MARGIN_MS > nowMs()) return token.value;
    // Concurrent calls share one token request.
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: unknown; requestId?: string } = {},
    retried = false,
  ): Promise<T> {
    const bearer = await accessToken();
    const response = await fetch(`${config.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        accept: 'application/json',
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        // PayPal answers a repeated request id with the first result: a retried create or capture
        // never makes a second one.
        ...(opts.requestId ? { 'paypal-request-id': opts.requestId } : {}),
        prefer: 'return=representation',
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 401 && !retried) {
      token = null;
      return call<T>(method, path, opts, true);
    }
    if (response.status === 204) return undefined as T;
    const json = (await response.json().catch(() => ({}))) as T & {
      name?: string;
      error?: string;
      debug_id?: string;
      details?: { issue?: string }[];
    };
    if (!response.ok)
      throw new PaypalError(
        response.status,
        json.name ?? json.error ?? 'UNKNOWN_ERROR',
        json.details?.[0]?.issue ?? null,
        json.debug_id ?? null,
      );
    return json;
  }

  const id = (value: string) => encodeURIComponent(value);
  return {
    createOrder: (body: unknown, requestId: string) =>
      call<PaypalOrder>('POST', '/v2/checkout/orders', { body, requestId }),
    getOrder: (orderId: string) => call<PaypalOrder>('GET', `/v2/checkout/orders/${id(orderId)}`),
    captureOrder: (orderId: string, requestId: string) =>
      call<PaypalOrder>('POST', `/v2/checkout/orders/${id(orderId)}/capture`, { body: {}, requestId }),
    refundCapture: (captureId: string, body: unknown, requestId: string) =>
      call<PaypalRefund>('POST', `/v2/payments/captures/${id(captureId)}/refund`, { body, requestId }),
    refundSale: (saleId: string, body: unknown, requestId: string) =>
      call<PaypalSaleRefund>('POST', `/v1/payments/sale/${id(saleId)}/refund`, { body, requestId }),
    createProduct: (body: unknown, requestId: string) =>
      call<{ id: string }>('POST', '/v1/catalogs/products', { body, requestId }),
    createPlan: (body: unknown, requestId: string) =>
      call<PaypalPlan>('POST', '/v1/billing/plans', { body, requestId }),
    getPlan: (planId: string) => call<PaypalPlan>('GET', `/v1/billing/plans/${id(planId)}`),
    createSubscription: (body: unknown, requestId: string) =>
      call<PaypalSubscription>('POST', '/v1/billing/subscriptions', { body, requestId }),
    getSubscription: (subscriptionId: string) =>
      call<PaypalSubscription>('GET', `/v1/billing/subscriptions/${id(subscriptionId)}`),
    cancelSubscription: (subscriptionId: string, reason: string) =>
      call<void>('POST', `/v1/billing/subscriptions/${id(subscriptionId)}/cancel`, { body: { reason } }),
    subscriptionTransactions: (subscriptionId: string, from: Date, to: Date) =>
      call<{ transactions?: PaypalTransaction[] }>(
        'GET',
        `/v1/billing/subscriptions/${id(subscriptionId)}/transactions?start_time=${id(from.toISOString())}&end_time=${id(to.toISOString())}`,
      ),
    /** PayPal checks a webhook's transmission signature for us (its certificate, its CRC). */
    async verifyWebhook(signature: WebhookSignature, event: unknown): Promise<boolean> {
      const answer = await call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        {
          body: { ...signature, webhook_id: config.webhookId, webhook_event: event },
        },
      );
      return answer.verification_status === 'SUCCESS';
    },
  };
}
export type PaypalClient = ReturnType<typeof createPaypalClient>;
