import type { FastifyInstance } from 'fastify';
import type { ApplyResult, ProviderEvent } from '../payment-provider';
import { transactionEvent } from './transaction-events';
import { isSignatureValid } from './signature';

/** A gateway notification (POST /billing/callbacks/direct-pass, JSON, signed). */
interface Notification {
  eventId: string;
  type: string;
  transactionId?: string;
  merchantTransactionId?: string;
  subscriptionId?: string | null;
  chargeId?: string;
  refundId?: string;
  paymentId?: string;
  msisdn?: string | null;
  amount?: number;
  currency?: string;
  reason?: string | null;
}

function eventOf(n: Notification): ProviderEvent | null {
  const amount = Number.isSafeInteger(n.amount) ? Number(n.amount) : 0;
  const currency = typeof n.currency === 'string' ? n.currency : 'EUR';
  const base = {
    billingType: 'Wap2' as const,
    amountCents: amount,
    currency,
    subscriptionRef: n.subscriptionId ?? null,
  };
  const status = {
    'transaction.succeeded': 'succeeded',
    'transaction.failed': 'failed',
    'transaction.cancelled': 'cancelled_by_user',
  } as const;
  if (n.type in status && n.transactionId && n.merchantTransactionId)
    return transactionEvent({
      transactionId: n.transactionId,
      merchantTransactionId: n.merchantTransactionId,
      status: status[n.type as keyof typeof status],
      subscriptionId: n.subscriptionId ?? null,
      msisdn: n.msisdn ?? null,
      amount,
      currency,
    });
  if ((n.type === 'charge.succeeded' || n.type === 'charge.failed') && n.chargeId && n.subscriptionId)
    return {
      ...base,
      key: `charge:${n.chargeId}:${n.type === 'charge.succeeded' ? 'succeeded' : 'failed'}`,
      kind: n.type === 'charge.succeeded' ? 'renewed' : 'renewalFailed',
      billingId: null,
      providerRef: n.chargeId,
      detail: n.reason ?? undefined,
    };
  if (n.type === 'subscription.cancelled' && n.subscriptionId)
    return {
      ...base,
      key: `sub:${n.subscriptionId}:cancelled`,
      kind: 'cancelled',
      billingId: null,
      detail: 'cancelled at the operator',
    };
  if (n.type === 'payment.refunded' && n.refundId)
    return {
      ...base,
      key: `refund:${n.refundId}`,
      kind: 'refunded',
      billingId: n.merchantTransactionId ?? null,
      providerRef: n.paymentId,
    };
  return null;
}

/**
 * The gateway's notifications: the source of truth of operator payments (decision 025). A bad
 * signature is refused (401) and changes nothing; an event we do not know is acknowledged so the
 * gateway stops retrying it.
 */
export function registerDirectPassCallbacks(
  app: FastifyInstance,
  deps: { secret: string; applyEvent: (event: ProviderEvent) => Promise<ApplyResult> },
) {
  app.register(async (scope) => {
    // The signature covers the exact bytes: read the body as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(
      '/billing/callbacks/direct-pass',
      { config: { access: 'provider-signature' } },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const headers = {
          timestamp: request.headers['x-timestamp'] as string | undefined,
          signature: request.headers['x-signature'] as string | undefined,
        };
        if (!isSignatureValid(deps.secret, headers, raw, Math.floor(Date.now() / 1000))) {
          request.log.warn('direct pass notification with a bad signature refused');
          return reply.code(401).send({ error: 'bad_signature' });
        }
        let notification: Notification;
        try {
          notification = JSON.parse(raw) as Notification;
        } catch {
          return reply.code(400).send({ error: 'bad_json' });
        }
        // `null`, a number or a list parse too: not a notification (never a 500).
        if (!notification || typeof notification !== 'object' || Array.isArray(notification)) {
          return reply.code(400).send({ error: 'bad_json' });
        }
        const event = eventOf(notification);
        if (!event) return reply.code(200).send({ received: true, applied: 'unknown event' });
        const applied = await deps.applyEvent(event);
        request.log.info(
          { key: event.key, outcome: applied.outcome, reason: applied.reason },
          'direct pass notification',
        );
        return reply.code(200).send({ received: true, applied: applied.outcome });
      },
    );
  });
}
