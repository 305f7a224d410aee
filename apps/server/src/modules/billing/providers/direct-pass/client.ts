import { signBody } from './signature';
import type { DirectPassConfig } from './config';

/** A transaction as the gateway describes it (GET /v1/transactions/{id}). */
export interface GatewayTransaction {
  transactionId: string;
  merchantTransactionId: string;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled_by_user';
  subscriptionId: string | null;
  msisdn: string | null;
  amount: number;
  currency: string;
}

export interface GatewayCharge {
  chargeId: string;
  status: 'succeeded' | 'failed';
  reason: string | null;
  amount: number;
  currency: string;
}

export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`direct pass gateway: ${status} ${code}`);
  }
}

/** The operator billing gateway's REST API, each request signed (decision 025). */
export function createDirectPassClient(config: DirectPassConfig, nowSeconds: () => number) {
  async function call<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = nowSeconds();
    const response = await fetch(`${config.url}${path}`, {
      method,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        'x-merchant-id': config.merchantId,
        'x-timestamp': String(timestamp),
        'x-signature': signBody(config.secret, timestamp, body),
      },
      body: payload === undefined ? undefined : body,
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await response.json().catch(() => ({}))) as T & { error?: string };
    if (!response.ok) throw new GatewayError(response.status, json.error ?? 'unknown');
    return json;
  }
  return {
    createTransaction(input: {
      merchantTransactionId: string;
      operatorId: number;
      msisdn: string | null;
      amount: number;
      currency: string;
      trialDays: number;
      recurrence: { unit: 'week' | 'month'; count: number } | null;
      renewalAmount: number | null;
      description: string;
      returnUrl: string;
      notifyUrl: string;
    }) {
      return call<{ transactionId: string; paymentUrl: string }>('POST', '/v1/transactions', input);
    },
    getTransaction: (id: string) => call<GatewayTransaction>('GET', `/v1/transactions/${encodeURIComponent(id)}`),
    charge: (subscriptionId: string, input: { idempotencyKey: string; amount: number; currency: string }) =>
      call<GatewayCharge>('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}/charges`, input),
    cancel: (subscriptionId: string) =>
      call<{ status: 'cancelled' }>('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {}),
    refund: (paymentId: string, input: { idempotencyKey: string; amount: number }) =>
      call<{ refundId: string; amount: number; currency: string }>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
        input,
      ),
  };
}
export type DirectPassClient = ReturnType<typeof createDirectPassClient>;
