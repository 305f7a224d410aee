import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerApprovalPage } from './approval-page';
import {
  addFrequency,
  centsToValue,
  createPaypalState,
  paypalId,
  SANDBOX_BUYERS,
  valueToCents,
  type BillingCycle,
  type Capture,
  type Order,
  type SandboxBuyer,
  type Subscription,
  type SubscriptionTransaction,
} from './paypal-state';
import { createWebhookSender } from './webhook-sender';

export interface PaypalSandboxOptions {
  /** client id → its secret and the id of its webhook (the listener's signature covers it) */
  apps: Record<string, { secret: string; webhookId: string }>;
  log?: (line: string) => void;
}

const TOKEN_SECONDS = 32_400;
const money = (cents: number, currency: string) => ({ currency_code: currency, value: centsToValue(cents) });

/** PayPal's error answer: name, message, debug_id, details with the issue. */
function fail(reply: FastifyReply, status: number, name: string, issue: string, description: string) {
  return reply.code(status).send({
    name,
    message: description,
    debug_id: paypalId(13).toLowerCase(),
    details: [{ issue, description }],
    links: [{ href: `https://developer.paypal.com/docs/api/errors/#${issue}`, rel: 'information_link' }],
  });
}
const notFound = (reply: FastifyReply) =>
  fail(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
const invalid = (reply: FastifyReply, issue: string, description: string) =>
  fail(reply, 400, 'INVALID_REQUEST', issue, description);
const unprocessable = (reply: FastifyReply, issue: string, description: string) =>
  fail(reply, 422, 'UNPROCESSABLE_ENTITY', issue, description);

/**
 * A stand-in for PayPal's REST API (decision 027): OAuth2 client credentials, Orders v2 with an
 * approval page and capture, catalog products, plans and Billing Subscriptions v1 (PayPal bills
 * the cycles; a test call runs the next one now), refunds, signed webhooks to the merchant's
 * listener and their verification. Shapes and error answers are PayPal's.
 */
export async function paypalSandbox(app: FastifyInstance, options: PaypalSandboxOptions) {
  const state = createPaypalState();
  const log = options.log ?? (() => {});
  const webhooks = createWebhookSender({ state, log });
  const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${app.prefix}`;
  /** The merchant's webhook listener: PayPal's per-app setting, here beside its return URLs. */
  const listenerOf = (returnUrl: string) => new URL('/billing/callbacks/paypal', returnUrl).toString();

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded'))
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

  /** The client a bearer token stands for, or a 401 as PayPal answers it. */
  function authenticate(request: FastifyRequest, reply: FastifyReply): string | null {
    const auth = request.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? state.tokens.get(auth.slice(7)) : undefined;
    if (!token || token.expiresAt < Date.now()) {
      void reply.code(401).send({ error: 'invalid_token', error_description: 'Token signature verification failed' });
      return null;
    }
    return token.clientId;
  }

  /** PayPal-Request-Id: the same id answers the first result again, whatever came since. */
  function replayed(request: FastifyRequest, reply: FastifyReply, clientId: string): boolean {
    const id = request.headers['paypal-request-id'];
    const earlier = typeof id === 'string' ? state.requests.get(`${clientId}:${request.url}:${id}`) : undefined;
    if (!earlier) return false;
    void reply.code(earlier.status).send(earlier.body);
    return true;
  }
  function remember(request: FastifyRequest, clientId: string, status: number, body: unknown) {
    const id = request.headers['paypal-request-id'];
    if (typeof id === 'string') state.requests.set(`${clientId}:${request.url}:${id}`, { status, body });
    return body;
  }

  const webhookIdOf = (clientId: string) => options.apps[clientId]?.webhookId ?? 'WH-UNKNOWN';
  function notify(
    request: FastifyRequest,
    target: { clientId: string; returnUrl: string },
    eventType: string,
    summary: string,
    resource: unknown,
  ) {
    return webhooks.send({
      url: listenerOf(target.returnUrl),
      webhookId: webhookIdOf(target.clientId),
      apiBase: baseOf(request),
      eventType,
      summary,
      resource,
    });
  }

  // ---- OAuth2 ---------------------------------------------------------------------------

  app.post('/v1/oauth2/token', async (request, reply) => {
    const auth = request.headers.authorization ?? '';
    const [clientId, secret] = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString().split(':')
      : [];
    const body = (request.body ?? {}) as Record<string, string>;
    if (!clientId || options.apps[clientId]?.secret !== secret)
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    if (body.grant_type !== 'client_credentials')
      return reply.code(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    const token = `A21AA${paypalId(60)}`;
    state.tokens.set(token, { clientId, expiresAt: Date.now() + TOKEN_SECONDS * 1000 });
    return {
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/subscriptions',
      access_token: token,
      token_type: 'Bearer',
      app_id: `APP-${paypalId(17)}`,
      expires_in: TOKEN_SECONDS,
      nonce: `${new Date().toISOString()}${paypalId(20)}`,
    };
  });

  // ---- Orders v2 ------------------------------------------------------------------------

  const captureView = (request: FastifyRequest, c: Capture) => ({
    id: c.id,
    status: c.status,
    amount: money(c.amountCents, c.currency),
    final_capture: true,
    custom_id: c.customId ?? undefined,
    seller_protection: { status: 'ELIGIBLE' },
    create_time: c.time,
    update_time: c.time,
    supplementary_data: { related_ids: { order_id: c.orderId } },
    links: [
      { href: `${baseOf(request)}/v2/payments/captures/${c.id}`, rel: 'self', method: 'GET' },
      { href: `${baseOf(request)}/v2/payments/captures/${c.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${baseOf(request)}/v2/checkout/orders/${c.orderId}`, rel: 'up', method: 'GET' },
    ],
  });

  const orderView = (request: FastifyRequest, o: Order) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    purchase_units: [
      {
        ...o.unit,
        payee: { merchant_id: 'PLAYZSANDBOX01' },
        ...(o.capture ? { payments: { captures: [captureView(request, o.capture)] } } : {}),
      },
    ],
    ...(o.buyer
      ? {
          payer: {
            name: { given_name: o.buyer.givenName, surname: o.buyer.surname },
            email_address: o.buyer.email,
            payer_id: o.buyer.payerId,
            address: { country_code: 'FR' },
          },
        }
      : {}),
    create_time: o.createTime,
    update_time: o.updateTime,
    links: [
      { href: `${baseOf(request)}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      ...(o.status === 'CREATED'
        ? [{ href: `${baseOf(request)}/checkoutnow?token=${o.id}`, rel: 'approve', method: 'GET' }]
        : []),
      ...(o.status === 'APPROVED'
        ? [{ href: `${baseOf(request)}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' }]
        : []),
    ],
  });

  app.post('/v2/checkout/orders', async (request, reply) => {
    const clientId = authenticate(request, reply);
    if (!clientId || replayed(request, reply, clientId)) return reply;
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (b.intent !== 'CAPTURE') return invalid(reply, 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE here.');
    const unit = (b.purchase_units as Record<string, unknown>[] | undefined)?.[0];
    const amount = unit?.amount as { currency_code?: string; value?: string } | undefined;
    const cents = valueToCents(amount?.value);
    if (!unit || !amount?.currency_code || cents === null || cents <= 0)
      return invalid(reply, 'INVALID_PARAMETER_VALUE', 'purchase_units[0].amount is invalid.');
    const context = (b.application_context ?? {}) as Record<string, string>;
    if (!context.return_url || !context.cancel_url)
      return invalid(
        reply,
        'MISSING_REQUIRED_PARAMETER',
        'application_context return_url and cancel_url are required.',
      );
    const now = new Date().toISOString();
    const order: Order = {
      id: paypalId(),
      clientId,
      status: 'CREATED',
      unit: {
        reference_id: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
        custom_id: typeof unit.custom_id === 'string' ? unit.custom_id : null,
        description: typeof unit.description === 'string' ? unit.description : null,
        amount: { currency_code: amount.currency_code, value: centsToValue(cents) },
      },
      amountCents: cents,
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      buyer: null,
      capture: null,
      createTime: now,
      updateTime: now,
    };
    state.orders.set(order.id, order);
    return reply.code(201).send(remember(request, clientId, 201, orderView(request, order)));
  });

  app.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (request, reply) => {
    const clientId = authenticate(request, reply);
    if (!clientId) return reply;
    const order = state.orders.get(request.params.id);
    if (!order || order.clientId !== clientId) return notFound(reply);
    return orderView(request, order);
  });

  app.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (request, reply) => {
    const clientId = authenticate(request, reply);
    if (!clientId || replayed(request, reply, clientId)) return reply;
    const order = state.orders.get(request.params.id);
    if (!order || order.clientId !== clientId) return notFound(reply);
    if (order.status === 'COMPLETED') return unprocessable(reply, 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (order.status !== 'APPROVED')
      return unprocessable(reply, 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    const now = new Date().toISOString();
    const capture: Capture = {
      id: paypalId(),
      orderId: order.id,
      status: 'COMPLETED',
      amountCents: order.amountCents,
      currency: order.unit.amount.currency_code,
      customId: order.unit.custom_id,
      refundedCents: 0,
      time: now,
    };
    order.capture = capture;
    order.status = 'COMPLETED';
    order.updateTime = now;
    state.captures.set(capture.id, capture);
    // PayPal notifies on its own time, not within the capture call.
    void notify(
      request,
      order,
      'PAYMENT.CAPTURE.COMPLETED',
      `Payment completed for EUR ${centsToValue(capture.amountCents)}`,
      captureView(request, capture),
    );
    return reply.code(201).send(remember(request, clientId, 201, orderView(request, order)));
  });

  app.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (request, reply) => {
    const clientId = authenticate(request, reply);
    if (!clientId || replayed(request, reply, clientId)) return reply;
    const capture = state.captures.get(request.params.id);
    const order = capture ? state.orders.get(capture.orderId) : undefined;
    if (!capture || !order || order.clientId !== clientId) return notFound(reply);
    if (capture.status === 'REFUNDED')
      return unprocessable(reply, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    const b = (request.body ?? {}) as { amount?: { value?: string; currency_code?: string } };
    const left = capture.amountCents - capture.refundedCents;
    const cents = b.amount ? valueToCents(b.amount.value) : left;
    if (cents === null || cents <= 0 || (b.amount && b.amount.currency_code !== capture.currency))
      return invalid(reply, 'INVALID_PARAMETER_VALUE', 'amount is invalid.');
    if (cents > left)
      return unprocessable(
        reply,
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    capture.refundedCents += cents;
    capture.status = capture.refundedCents === capture.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const now = new Date().toISOString();
    const refund = {
      id: paypalId(),
      status: 'COMPLETED',
      amount: money(cents, capture.currency),
      custom_id: capture.customId ?? undefined,
      create_time: now,
      update_time: now,
      links: [
        { href: `${baseOf(request)}/v2/payments/refunds/${paypalId()}`, rel: 'self', method: 'GET' },
        { href: `${baseOf(request)}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    void notify(
      request,
      order,
      'PAYMENT.CAPTURE.REFUNDED',
      `A EUR ${centsToValue(cents)} capture payment was refunded`,
      refund,
    );
    return reply.code(201).send(remember(request, clientId, 201, refund));
  });

  // ---- Catalog products and plans ---------------------------------------------------------

  app.post('/v1/catalogs/products', async (request, reply) => {
    const clientId = authenticate(request, reply);
    if (!clientId || replayed(request, reply, clientId)) return reply;
    const b = (request.body ?? {}) as Record<string, string>;
    if (!b.name || !b.type) return invalid(reply, 'MISSING_REQUIRED_PARAMETER', 'name and type are required.');
    const now = new Date().toISOString();
    const product = { id: `PROD-${paypalId(17)}`, name: b.name, type: b.type, createTime: now };
    state.products.set(product.id, product);
    const view = {
      id: product.id,
      name: product.name,
      type: product.type,
      category: b.category,
      create_time: now,
      update_time: now,
    };
    return reply.code(201).send(remember(request, clientId, 201, view));
  });

  const planView = (plan: {
    id: string;
    productId: string;
    name: string;
    cycles: BillingCycle[];
    createTime: string;
  }) => ({
    id: plan.id,
    product_id: plan.productId,
    name: plan.name,
    status: 'ACTIVE',
    billing_cycles: plan.cycles,
    payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
    create_time: plan.createTime,
    update_time: plan.createTime,
  });

  app.post('/v1/billing/plans', async (request, reply) => {
    const clientId = authenticate(request, reply);
    if (!clientId || replayed(request, reply, clientId)) return reply;
    const b = (request.body ?? {}) as { product_id?: string; name?: string; billing_cycles?: BillingCycle[] };
    if (!b.product_id || !state.products.has(b.product_id))
      return invalid(reply, 'INVALID_PARAMETER_VALUE', 'product_id is invalid.');
    const cycles = [...(b.billing_cycles ?? [])].sort((x, y) => x.sequence - y.sequence);
    const regular = cycles.filter((c) => c.tenure_type === 'REGULAR');
    const priced = (c: BillingCycle) =>
      c.pricing_scheme?.fixed_price === undefined || valueToCents(c.pricing_scheme.fixed_price.value) !== null;
    if (regular.length !== 1 || !regular[0]!.pricing_scheme?.fixed_price || !cycles.every(priced))
      return invalid(reply, 'INVALID_PARAMETER_VALUE', 'billing_cycles need one priced REGULAR cycle.');
    const plan = {
      id: `P-${paypalId(24)}`,
      productId: b.product_id,
      name: b.name ?? 'Plan',
      cycles,
      createTime: new Date().toISOString(),
    };
    state.plans.set(plan.id, plan);
    return reply.code(201).send(remember(request, clientId, 201, planView(plan)));
  });

  app.get<{ Params: { id: string } }>('/v1/billing/plans/:id', async (request, reply) => {
    if (!authenticate(request, reply)) return reply;
    const plan = state.plans.get(request.params.id);
    return plan ? planView(plan) : notFound(reply);
  });

  // ---- Subscriptions v1 -------------------------------------------------------------------

  const cycleOf = (sub: Subscription) => {
    const plan = state.plans.get(sub.planId)!;
    const index = plan.cycles.findIndex(
      (c, i) => c.total_cycles === 0 || (sub.cyclesCompleted[i] ?? 0) < c.total_cycles,
    );
    return { plan, index, cycle: plan.cycles[index]! };
  };
  const priceOf = (cycle: BillingCycle) => valueToCents(cycle.pricing_scheme?.fixed_price?.value) ?? 0;
  const currencyOf = (sub: Subscription) =>
    state.plans.get(sub.planId)!.cycles.find((c) => c.pricing_scheme?.fixed_price)?.pricing_scheme?.fixed_price
      ?.currency_code ?? 'EUR';

  const subscriptionView = (request: FastifyRequest, s: Subscription) => {
    const plan = state.plans.get(s.planId)!;
    const currency = currencyOf(s);
    return {
      id: s.id,
      plan_id: s.planId,
      status: s.status,
      status_update_time: s.updateTime,
      custom_id: s.customId ?? undefined,
      start_time: s.startTime,
      quantity: '1',
      ...(s.buyer
        ? {
            subscriber: {
              name: { given_name: s.buyer.givenName, surname: s.buyer.surname },
              email_address: s.buyer.email,
              payer_id: s.buyer.payerId,
            },
          }
        : {}),
      ...(s.status !== 'APPROVAL_PENDING'
        ? {
            billing_info: {
              outstanding_balance: money(0, currency),
              cycle_executions: plan.cycles.map((c, i) => ({
                tenure_type: c.tenure_type,
                sequence: c.sequence,
                cycles_completed: s.cyclesCompleted[i] ?? 0,
                cycles_remaining: c.total_cycles === 0 ? 0 : c.total_cycles - (s.cyclesCompleted[i] ?? 0),
                current_pricing_scheme_version: 1,
                total_cycles: c.total_cycles,
              })),
              ...(s.lastPayment
                ? {
                    last_payment: {
                      amount: money(s.lastPayment.cents, s.lastPayment.currency),
                      time: s.lastPayment.time,
                    },
                  }
                : {}),
              ...(s.lastFailedPayment
                ? {
                    last_failed_payment: {
                      amount: money(s.lastFailedPayment.cents, s.lastFailedPayment.currency),
                      time: s.lastFailedPayment.time,
                      reason_code: 'PAYMENT_DENIED',
                    },
                  }
                : {}),
              ...(s.nextBillingTime && s.status === 'ACTIVE' ? { next_billing_time: s.nextBillingTime } : {}),
              failed_payments_count: s.failedPayments,
            },
          }
        : {}),
      create_time: s.createTime,
      update_time: s.updateTime,
      links: [
        ...(s.status === 'APPROVAL_PENDING'
          ? [
              {
                href: `${baseOf(request)}/webapps/billing/subscriptions?ba_token=${s.baToken}`,
                rel: 'approve',
                method: 'GET',
              },
            ]
          : []),
        { href: `${baseOf(request)}/v1/billing/subscriptions/${s.id}`, rel: 'self', method: 'GET' },
        ...(s.status === 'ACTIVE'
          ? [{ href: `${baseOf(request)}/v1/billing/subscriptions/${s.id}/cancel`, rel: 'cancel', method: 'POST' }]
          : []),
      ],
    };
  };

  const saleView = (request: FastifyRequest, s: Subscription, t: SubscriptionTransaction) => ({
    id: t.id,
    state: t.status === 'COMPLETED' ? 'completed' : t.status.toLowerCase(),
    amount: {
      total: centsToValue(t.amountCents),
      currency: t.currency,
      details: { subtotal: centsToValue(t.amountCents) },
    },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    billing_agreement_id: s.id,
    custom: s.customId ?? undefined,
    create_time: t.time,
    update_time: t.time,
    links: [
      { href: `${baseOf(request)}/v1/payments/sale/${t.id}`, rel: 'self', method: 'GET' },
      { href: `${baseOf(request)}/v1/payments/sale/${t.id}/refund`, rel: 'refund', method: 'POST' },
    ],
  });

  /**
   * Bills the subscription's current cycle now: a free trial cycle just ends; a priced one is a
   * sale, refused for the buyer whose renewals fail (not for the first payment at approval).
   */
  async function billCycle(
    request: FastifyRequest,
    sub: Subscription,
    opts: { first: boolean; notifySale: boolean },
  ): Promise<SubscriptionTransaction | null> {
    const { index, cycle } = cycleOf(sub);
    const now = new Date();
    const cents = priceOf(cycle);
    if (cents === 0) {
      sub.cyclesCompleted[index] = (sub.cyclesCompleted[index] ?? 0) + 1;
      sub.nextBillingTime = addFrequency(now, cycleOf(sub).cycle.frequency).toISOString();
      return null;
    }
    const currency = cycle.pricing_scheme!.fixed_price!.currency_code;
    const refused = !opts.first && sub.buyer?.renewalsFail === true;
    const t: SubscriptionTransaction = {
      id: paypalId(),
      status: refused ? 'DECLINED' : 'COMPLETED',
      amountCents: cents,
      currency,
      time: now.toISOString(),
      refundedCents: 0,
    };
    sub.transactions.push(t);
    sub.updateTime = t.time;
    if (refused) {
      sub.failedPayments += 1;
      sub.lastFailedPayment = { cents, currency, time: t.time };
      await notify(
        request,
        sub,
        'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
        'Subscription payment failed',
        subscriptionView(request, sub),
      );
      return t;
    }
    state.sales.set(t.id, sub.id);
    sub.cyclesCompleted[index] = (sub.cyclesCompleted[index] ?? 0) + 1;
    sub.lastPayment = { cents, currency, time: t.time };
    sub.nextBillingTime = addFrequency(now, cycle.frequency).toISOString();
    if (opts.notifySale)
      await notify(
        request,
        sub,
        'PAYMENT.SALE.COMPLETED',
        `Payment completed for ${currency} ${centsToValue(cents)}`,
        saleView(request, sub, t),
      );
    return t;
  }

  app.post('/v1/billing/subscriptions', async (request, reply) => {
    const clientId = authenticate(request, reply);
    if (!clientId || replayed(request, reply, clientId)) return reply;
    const b = (request.body ?? {}) as {
      plan_id?: string;
      custom_id?: string;
      application_context?: Record<string, string>;
    };
    if (!b.plan_id || !state.plans.has(b.plan_id))
      return invalid(reply, 'INVALID_PARAMETER_VALUE', 'plan_id is invalid.');
    const context = b.application_context ?? {};
    if (!context.return_url || !context.cancel_url)
      return invalid(
        reply,
        'MISSING_REQUIRED_PARAMETER',
        'application_context return_url and cancel_url are required.',
      );
    const now = new Date().toISOString();
    const sub: Subscription = {
      id: `I-${paypalId(12)}`,
      clientId,
      planId: b.plan_id,
      customId: b.custom_id ?? null,
      status: 'APPROVAL_PENDING',
      baToken: `BA-${paypalId(17)}`,
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      buyer: null,
      startTime: now,
      createTime: now,
      updateTime: now,
      cyclesCompleted: state.plans.get(b.plan_id)!.cycles.map(() => 0),
      nextBillingTime: null,
      lastPayment: null,
      lastFailedPayment: null,
      failedPayments: 0,
      transactions: [],
    };
    state.subscriptions.set(sub.id, sub);
    state.byBaToken.set(sub.baToken, sub.id);
    return reply.code(201).send(remember(request, clientId, 201, subscriptionView(request, sub)));
  });

  app.get<{ Params: { id: string } }>('/v1/billing/subscriptions/:id', async (request, reply) => {
    const clientId = authenticate(request, reply);
    if (!clientId) return reply;
    const sub = state.subscriptions.get(request.params.id);
    if (!sub || sub.clientId !== clientId) return notFound(reply);
    return subscriptionView(request, sub);
  });

  app.post<{ Params: { id: string } }>('/v1/billing/subscriptions/:id/cancel', async (request, reply) => {
    const clientId = authenticate(request, reply);
    if (!clientId) return reply;
    const sub = state.subscriptions.get(request.params.id);
    if (!sub || sub.clientId !== clientId) return notFound(reply);
    if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED')
      return unprocessable(
        reply,
        'SUBSCRIPTION_STATUS_INVALID',
        'Invalid subscription status for cancel action; subscription status should be active or suspended.',
      );
    sub.status = 'CANCELLED';
    sub.updateTime = new Date().toISOString();
    void notify(
      request,
      sub,
      'BILLING.SUBSCRIPTION.CANCELLED',
      'Subscription cancelled',
      subscriptionView(request, sub),
    );
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string }; Querystring: { start_time?: string; end_time?: string } }>(
    '/v1/billing/subscriptions/:id/transactions',
    async (request, reply) => {
      const clientId = authenticate(request, reply);
      if (!clientId) return reply;
      const sub = state.subscriptions.get(request.params.id);
      if (!sub || sub.clientId !== clientId) return notFound(reply);
      const from = Date.parse(request.query.start_time ?? '');
      const to = Date.parse(request.query.end_time ?? '');
      if (!Number.isFinite(from) || !Number.isFinite(to))
        return invalid(reply, 'MISSING_REQUIRED_PARAMETER', 'start_time and end_time are required (ISO 8601).');
      const transactions = sub.transactions
        .filter((t) => Date.parse(t.time) >= from && Date.parse(t.time) <= to)
        .map((t) => {
          const fee = Math.min(t.amountCents, 35 + Math.floor((t.amountCents * 29) / 1000));
          return {
            id: t.id,
            status: t.status,
            payer_email: sub.buyer?.email,
            payer_name: sub.buyer ? { given_name: sub.buyer.givenName, surname: sub.buyer.surname } : undefined,
            amount_with_breakdown: {
              gross_amount: money(t.amountCents, t.currency),
              fee_amount: money(fee, t.currency),
              net_amount: money(t.amountCents - fee, t.currency),
            },
            time: t.time,
          };
        });
      return { transactions, total_items: transactions.length, total_pages: 1, links: [] };
    },
  );

  app.post<{ Params: { id: string } }>('/v1/payments/sale/:id/refund', async (request, reply) => {
    const clientId = authenticate(request, reply);
    if (!clientId || replayed(request, reply, clientId)) return reply;
    const sub = state.subscriptions.get(state.sales.get(request.params.id) ?? '');
    const t = sub?.transactions.find((x) => x.id === request.params.id);
    if (!sub || !t || sub.clientId !== clientId) return notFound(reply);
    if (t.status === 'REFUNDED')
      return fail(
        reply,
        400,
        'TRANSACTION_REFUSED',
        'TRANSACTION_REFUSED',
        'The refund was refused: the sale is already refunded.',
      );
    const b = (request.body ?? {}) as { amount?: { total?: string; currency?: string } };
    const cents = b.amount ? valueToCents(b.amount.total) : t.amountCents - t.refundedCents;
    if (cents === null || cents <= 0 || cents > t.amountCents - t.refundedCents)
      return fail(
        reply,
        400,
        'REFUND_EXCEEDED_TRANSACTION_AMOUNT',
        'REFUND_EXCEEDED_TRANSACTION_AMOUNT',
        'Refund amount exceeded the transaction amount.',
      );
    t.refundedCents += cents;
    t.status = t.refundedCents === t.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const now = new Date().toISOString();
    const refund = {
      id: paypalId(),
      state: 'completed',
      amount: { total: centsToValue(cents), currency: t.currency },
      sale_id: t.id,
      create_time: now,
      update_time: now,
      links: [{ href: `${baseOf(request)}/v1/payments/sale/${t.id}`, rel: 'sale', method: 'GET' }],
    };
    return reply.code(201).send(remember(request, clientId, 201, refund));
  });

  // ---- Webhook signatures -----------------------------------------------------------------

  app.get<{ Params: { id: string } }>('/v1/notifications/certs/:id', async (request, reply) => {
    if (request.params.id !== webhooks.certId) return notFound(reply);
    return reply.type('application/x-pem-file').send(webhooks.certificatePem());
  });

  app.post('/v1/notifications/verify-webhook-signature', async (request, reply) => {
    if (!authenticate(request, reply)) return reply;
    const b = (request.body ?? {}) as Record<string, unknown>;
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
    if (fields.some((f) => typeof b[f] !== 'string') || typeof b.webhook_event !== 'object' || b.webhook_event === null)
      return invalid(reply, 'MISSING_REQUIRED_PARAMETER', `${fields.join(', ')} and webhook_event are required.`);
    const ok = webhooks.verify({
      authAlgo: String(b.auth_algo),
      certUrl: String(b.cert_url),
      transmissionId: String(b.transmission_id),
      transmissionTime: String(b.transmission_time),
      transmissionSig: String(b.transmission_sig),
      webhookId: String(b.webhook_id),
      // PayPal checks the CRC of the event as the merchant received it.
      body: JSON.stringify(b.webhook_event),
    });
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  });

  // ---- Approval page ----------------------------------------------------------------------

  /** The buyer's choice on the approval page; answers where PayPal sends the browser. */
  async function approve(
    request: FastifyRequest,
    target: { kind: 'order'; order: Order } | { kind: 'subscription'; sub: Subscription },
    buyer: SandboxBuyer | null,
  ): Promise<string> {
    const back = (url: string, params: Record<string, string>) => {
      const u = new URL(url);
      for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
      return u.toString();
    };
    if (target.kind === 'order') {
      const { order } = target;
      if (!buyer || order.status !== 'CREATED') return back(order.cancelUrl, { token: order.id });
      order.status = 'APPROVED';
      order.buyer = buyer;
      order.updateTime = new Date().toISOString();
      return back(order.returnUrl, { token: order.id, PayerID: buyer.payerId });
    }
    const { sub } = target;
    if (!buyer || sub.status !== 'APPROVAL_PENDING')
      return back(sub.cancelUrl, { token: sub.baToken, ba_token: sub.baToken });
    sub.status = 'ACTIVE';
    sub.buyer = buyer;
    sub.updateTime = new Date().toISOString();
    const plan = state.plans.get(sub.planId)!;
    const first = plan.cycles[0]!;
    if (priceOf(first) === 0) {
      // A free trial: nothing to collect before its end.
      sub.nextBillingTime = addFrequency(new Date(), first.frequency).toISOString();
      await notify(
        request,
        sub,
        'BILLING.SUBSCRIPTION.ACTIVATED',
        'Subscription activated',
        subscriptionView(request, sub),
      );
    } else {
      // PayPal collects the first term at activation, then says both (ACTIVATED first).
      const sale = await billCycle(request, sub, { first: true, notifySale: false });
      await notify(
        request,
        sub,
        'BILLING.SUBSCRIPTION.ACTIVATED',
        'Subscription activated',
        subscriptionView(request, sub),
      );
      if (sale)
        await notify(
          request,
          sub,
          'PAYMENT.SALE.COMPLETED',
          `Payment completed for ${sale.currency} ${centsToValue(sale.amountCents)}`,
          saleView(request, sub, sale),
        );
    }
    return back(sub.returnUrl, { subscription_id: sub.id, ba_token: sub.baToken, token: sub.baToken });
  }

  registerApprovalPage(app, {
    findOrder: (id) => state.orders.get(id) ?? null,
    findSubscription: (baToken) => state.subscriptions.get(state.byBaToken.get(baToken) ?? '') ?? null,
    planOf: (sub) => state.plans.get(sub.planId)!,
    buyers: SANDBOX_BUYERS,
    approve,
  });

  // ---- Test switches (stand-in only) ------------------------------------------------------

  // Lose webhooks, as when the merchant was down; they are kept for tests to replay.
  app.post('/_test/drop-webhooks', async (request) => {
    state.dropWebhooks = JSON.stringify(request.body ?? {}).includes('true');
    return { dropWebhooks: state.dropWebhooks };
  });
  app.get('/_test/dropped-webhooks', async () => state.dropped);

  // Run a subscription's next billing cycle now (PayPal's renewal, without waiting a month).
  app.post<{ Params: { id: string } }>('/_test/subscriptions/:id/bill-now', async (request, reply) => {
    const sub = state.subscriptions.get(request.params.id);
    if (!sub) return notFound(reply);
    if (sub.status !== 'ACTIVE')
      return unprocessable(reply, 'SUBSCRIPTION_STATUS_INVALID', 'Only an active subscription is billed.');
    const opts = { first: false, notifySale: true };
    // A free trial ending is not a payment: the first regular cycle is billed at once.
    const transaction = (await billCycle(request, sub, opts)) ?? (await billCycle(request, sub, opts));
    return { subscription: subscriptionView(request, sub), transaction };
  });
}
