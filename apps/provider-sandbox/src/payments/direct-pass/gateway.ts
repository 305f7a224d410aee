import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notify, verify } from '../signed-json';
import {
  createGatewayState,
  newId,
  REFUSED_LINE,
  RENEWAL_REFUSED_LINE,
  type Charge,
  type Transaction,
} from './gateway-state';
import { registerPaymentPage } from './payment-page';

/** Operators that identify the line on their own page (network identification): Orange, Sosh. */
const IDENTIFYING_OPERATORS = new Set([1, 15]);
const isMobile = (value: string) => /^0[67]\d{8}$/.test(value);

export interface DirectPassGatewayOptions {
  /** merchant id → shared secret */
  merchants: Record<string, string>;
  log?: (line: string) => void;
}

/**
 * A stand-in for an operator billing gateway (direct pass): signed JSON API for merchants, a
 * payment page on which the viewer confirms, signed notifications to the merchant, recurring
 * charges by the merchant's request with idempotency keys, cancel and refund.
 */
export async function directPassGateway(app: FastifyInstance, options: DirectPassGatewayOptions) {
  const state = createGatewayState();
  const log = options.log ?? (() => {});
  const secretOf = (merchantId: string) => options.merchants[merchantId];

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  /** Checks the merchant's signature; answers the parsed body or sends 401. */
  function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
  ): { merchantId: string; body: Record<string, unknown> } | null {
    const merchantId = String(request.headers['x-merchant-id'] ?? '');
    const secret = secretOf(merchantId);
    const raw = typeof request.body === 'string' ? request.body : '';
    if (
      !secret ||
      !verify(secret, request.headers['x-timestamp'] as string, request.headers['x-signature'] as string, raw)
    ) {
      void reply.code(401).send({ error: 'bad_signature' });
      return null;
    }
    try {
      return { merchantId, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {} };
    } catch {
      void reply.code(400).send({ error: 'bad_json' });
      return null;
    }
  }

  const publicTransaction = (t: Transaction) => ({
    transactionId: t.transactionId,
    merchantTransactionId: t.merchantTransactionId,
    status: t.status,
    subscriptionId: t.subscriptionId,
    msisdn: t.status === 'succeeded' ? t.msisdn : null,
    amount: t.amount,
    currency: t.currency,
  });

  /** Settles a transaction once, then tells the merchant (and retries as a gateway does). */
  async function settle(t: Transaction, outcome: 'confirm' | 'cancel') {
    if (t.status !== 'pending') return;
    if (outcome === 'cancel') t.status = 'cancelled_by_user';
    else if (t.msisdn && REFUSED_LINE.test(t.msisdn)) t.status = 'failed';
    else {
      t.status = 'succeeded';
      if (t.recurrence) {
        t.subscriptionId = newId('sub');
        state.subscriptions.set(t.subscriptionId, {
          subscriptionId: t.subscriptionId,
          transactionId: t.transactionId,
          msisdn: t.msisdn!,
          status: 'active',
          notifyUrl: t.notifyUrl,
        });
      }
    }
    const type = {
      succeeded: 'transaction.succeeded',
      failed: 'transaction.failed',
      cancelled_by_user: 'transaction.cancelled',
    }[t.status];
    if (state.dropNotifications) return log(`notification of ${t.transactionId} dropped (test switch)`);
    await notify(t.notifyUrl, secretOf(t.merchantId)!, { eventId: newId('evt'), type, ...publicTransaction(t) }, log);
  }

  app.post('/v1/transactions', async (request, reply) => {
    const auth = authenticate(request, reply);
    if (!auth) return reply;
    const b = auth.body;
    const msisdn = typeof b.msisdn === 'string' && b.msisdn ? b.msisdn : null;
    const operatorId = Number(b.operatorId);
    if (msisdn !== null && !isMobile(msisdn)) return reply.code(422).send({ error: 'msisdn_invalid' });
    if (msisdn === null && !IDENTIFYING_OPERATORS.has(operatorId))
      return reply.code(422).send({ error: 'msisdn_required' });
    if (!Number.isSafeInteger(b.amount) || Number(b.amount) < 0)
      return reply.code(422).send({ error: 'amount_invalid' });
    const t: Transaction = {
      transactionId: newId('txn'),
      merchantId: auth.merchantId,
      merchantTransactionId: String(b.merchantTransactionId),
      operatorId,
      msisdn,
      amount: Number(b.amount),
      currency: String(b.currency ?? 'EUR'),
      trialDays: Number(b.trialDays ?? 0),
      recurrence: (b.recurrence as Transaction['recurrence']) ?? null,
      renewalAmount: b.renewalAmount === null ? null : Number(b.renewalAmount),
      description: String(b.description ?? ''),
      returnUrl: String(b.returnUrl),
      notifyUrl: String(b.notifyUrl),
      status: 'pending',
      subscriptionId: null,
    };
    state.transactions.set(t.transactionId, t);
    const base = `${request.protocol}://${request.host}${app.prefix}`;
    return reply.code(201).send({ transactionId: t.transactionId, paymentUrl: `${base}/pay/${t.transactionId}` });
  });

  app.get<{ Params: { id: string } }>('/v1/transactions/:id', async (request, reply) => {
    const auth = authenticate(request, reply);
    if (!auth) return reply;
    const t = state.transactions.get(request.params.id);
    if (!t || t.merchantId !== auth.merchantId) return reply.code(404).send({ error: 'not_found' });
    return publicTransaction(t);
  });

  app.post<{ Params: { id: string } }>('/v1/subscriptions/:id/charges', async (request, reply) => {
    const auth = authenticate(request, reply);
    if (!auth) return reply;
    const sub = state.subscriptions.get(request.params.id);
    if (!sub) return reply.code(404).send({ error: 'not_found' });
    const key = `${auth.merchantId}:${String(auth.body.idempotencyKey)}`;
    const earlier = state.byIdempotencyKey.get(key);
    if (earlier) return earlier;
    if (sub.status !== 'active') return reply.code(409).send({ error: 'subscription_cancelled' });
    const refused = RENEWAL_REFUSED_LINE.test(sub.msisdn);
    const charge: Charge = {
      chargeId: newId('chg'),
      subscriptionId: sub.subscriptionId,
      status: refused ? 'failed' : 'succeeded',
      reason: refused ? 'insufficient_credit' : null,
      amount: Number(auth.body.amount),
      currency: String(auth.body.currency ?? 'EUR'),
    };
    state.charges.set(charge.chargeId, charge);
    state.byIdempotencyKey.set(key, charge);
    void notify(
      sub.notifyUrl,
      secretOf(auth.merchantId)!,
      { eventId: newId('evt'), type: `charge.${charge.status}`, ...charge },
      log,
    );
    return charge;
  });

  app.post<{ Params: { id: string } }>('/v1/subscriptions/:id/cancel', async (request, reply) => {
    const auth = authenticate(request, reply);
    if (!auth) return reply;
    const sub = state.subscriptions.get(request.params.id);
    if (!sub) return reply.code(404).send({ error: 'not_found' });
    if (sub.status === 'cancelled') return reply.code(409).send({ error: 'already_cancelled' });
    sub.status = 'cancelled';
    return { status: 'cancelled' };
  });

  app.post<{ Params: { id: string } }>('/v1/payments/:id/refunds', async (request, reply) => {
    const auth = authenticate(request, reply);
    if (!auth) return reply;
    const key = `${auth.merchantId}:${String(auth.body.idempotencyKey)}`;
    const earlier = state.byIdempotencyKey.get(key);
    if (earlier) return earlier;
    const payment = state.transactions.get(request.params.id) ?? state.charges.get(request.params.id);
    if (!payment) return reply.code(404).send({ error: 'not_found' });
    const refunded = state.refundedOf.get(request.params.id) ?? 0;
    if (refunded >= payment.amount) return reply.code(409).send({ error: 'already_refunded' });
    const amount = Number(auth.body.amount);
    // Several partial refunds of a payment, never more than what is left of it.
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > payment.amount - refunded)
      return reply.code(422).send({ error: 'amount_invalid' });
    state.refundedOf.set(request.params.id, refunded + amount);
    const refund = { refundId: newId('rfd'), amount, currency: payment.currency };
    state.byIdempotencyKey.set(key, refund);
    return refund;
  });

  // Stand-in only: lose notifications, as when the merchant was down (reconciliation tests).
  app.post<{ Body: string }>('/_test/drop-notifications', async (request) => {
    state.dropNotifications = String(request.body).includes('true');
    return { dropNotifications: state.dropNotifications };
  });

  registerPaymentPage(app, { state, settle, isMobile });
}
