import type { CreditCardConfig } from './config';

/** A payment transaction as the REST API describes it (Transaction/Get, Order/Get, CreatePayment). */
export interface CardTransaction {
  uuid: string;
  orderId: string;
  amount: number;
  currency: string;
  /** PAID, UNPAID, RUNNING, PARTIALLY_PAID (the summary). */
  status: string;
  /** The form protocol's status: AUTHORISED, CAPTURED, ACCEPTED, REFUSED, ABANDONED, CANCELLED... */
  detailedStatus: string;
  /** DEBIT, CREDIT (refund) or VERIFICATION (card registered without payment). */
  operationType: string;
  paymentMethodToken: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export class CardApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(`card processor: ${httpStatus} ${errorCode} ${message}`);
  }
}

/** The processor's answer for an order it never saw (Order/Get of a form nobody submitted). */
export const ORDER_NOT_FOUND = 'PSP_010';
/** The processor's answer when the token is already cancelled (a cancel asked twice). */
export const TOKEN_ALREADY_CANCELLED = 'PSP_030';

/**
 * The card processor's REST API (Lyra `api-payment/V4`): JSON POSTs with HTTP Basic auth
 * `siteId:password`, answering `{status: 'SUCCESS' | 'ERROR', answer}` (decision 026).
 */
export function createCreditCardClient(config: CreditCardConfig) {
  const authorization = `Basic ${Buffer.from(`${config.siteId}:${config.apiPassword}`).toString('base64')}`;

  async function call<T>(path: string, payload: unknown): Promise<T> {
    const response = await fetch(`${config.apiUrl}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await response.json().catch(() => ({}))) as {
      status?: string;
      answer?: T & { errorCode?: string; errorMessage?: string };
    };
    if (!response.ok || json.status !== 'SUCCESS' || !json.answer)
      throw new CardApiError(
        response.status,
        json.answer?.errorCode ?? 'unknown',
        json.answer?.errorMessage ?? response.statusText,
      );
    return json.answer;
  }

  return {
    /** A merchant-initiated payment with a registered card (renewals). */
    createPayment: (input: {
      amount: number;
      currency: string;
      orderId: string;
      paymentMethodToken: string;
      idempotencyKey: string;
    }) =>
      call<{ orderStatus: 'PAID' | 'UNPAID' | 'RUNNING'; transactions: CardTransaction[] }>('Charge/CreatePayment', {
        amount: input.amount,
        currency: input.currency,
        orderId: input.orderId,
        paymentMethodToken: input.paymentMethodToken,
        formAction: 'SILENT',
        metadata: { idempotencyKey: input.idempotencyKey },
      }),
    getTransaction: (uuid: string) => call<CardTransaction>('Transaction/Get', { uuid }),
    /** The transactions of one order (our billing id), newest last; ORDER_NOT_FOUND before any. */
    getOrder: (orderId: string) => call<{ orderId: string; transactions: CardTransaction[] }>('Order/Get', { orderId }),
    cancelOrRefund: (input: { uuid: string; amount: number; currency: string; idempotencyKey: string }) =>
      call<CardTransaction>('Transaction/CancelOrRefund', {
        uuid: input.uuid,
        amount: input.amount,
        currency: input.currency,
        resolutionMode: 'AUTO',
        metadata: { idempotencyKey: input.idempotencyKey },
      }),
    cancelToken: (paymentMethodToken: string) => call<{ responseCode: number }>('Token/Cancel', { paymentMethodToken }),
  };
}
export type CreditCardClient = ReturnType<typeof createCreditCardClient>;
