import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { periodEnd, productOf } from '../store-products';

export interface OrangeAppshopOptions {
  partnerId: string;
  partnerKey: string;
}

interface Account {
  ise2: string;
  apitoken: string;
  /** The payment limit of the Orange line is reached (OverQuotaFault). */
  overQuota: boolean;
}
interface Subscription {
  id: string;
  ise2: string;
  paramType: string;
  price: number;
  currency: 'EUR';
  startDate: string;
  endDate: string;
  status: 'active' | 'cancelled';
  period: 'week' | 'month';
}

/**
 * A stand-in for the Orange app shop TV billing (operator set-top box, spec 3 §4 Orange flow, §7
 * orange-appshoptv check/save/unsubscribe and the box's wassup auth): the box reads ise2 and an
 * apitoken from GET /AUTH/api/wassup?format=json; the merchant (our server, partner id and key)
 * checks, subscribes and unsubscribes an ise2 for a param_type. Faults as Orange names them:
 * OverQuotaFault (payment limit), AuthenticationFault, UnknownOfferFault.
 */
export async function orangeAppshopApi(app: FastifyInstance, options: OrangeAppshopOptions) {
  const accounts = new Map<string, Account>();
  const subscriptions = new Map<string, Subscription>();
  let lastAccount: Account | null = null;

  const fault = (reply: FastifyReply, code: number, name: string, message: string) =>
    reply.code(code).send({ fault: { name, message } });

  /** Partner credentials, then the viewer's ise2 + apitoken when `needsToken`. */
  function authorize(request: FastifyRequest, reply: FastifyReply, needsToken: boolean): Account | null {
    if (
      request.headers['x-partner-id'] !== options.partnerId ||
      request.headers['x-partner-key'] !== options.partnerKey
    ) {
      void fault(reply, 401, 'AuthenticationFault', 'unknown partner');
      return null;
    }
    const b = (request.body ?? {}) as Record<string, string | undefined>;
    const account = accounts.get(String(b.ise2));
    if (!account || (needsToken && account.apitoken !== b.apitoken)) {
      void fault(reply, 401, 'AuthenticationFault', 'ise2 or apitoken not valid');
      return null;
    }
    return account;
  }
  const current = (ise2: string, paramType: string) =>
    [...subscriptions.values()].find(
      (s) => s.ise2 === ise2 && s.paramType === paramType && new Date(s.endDate).getTime() > Date.now(),
    );

  /** The box's auth call (spec 3 §7): the line the box runs on, as Orange's wassup answers it. */
  app.get('/AUTH/api/wassup', async () =>
    lastAccount
      ? { error: { code: 0, message: '' }, ise2: lastAccount.ise2, apitoken: lastAccount.apitoken }
      : { error: { code: 401, message: 'no Orange line on this box' }, ise2: null, apitoken: null },
  );

  app.post('/appshop/api/subscriptions/check', async (request, reply) => {
    const account = authorize(request, reply, true);
    if (!account) return reply;
    const sub = current(account.ise2, String((request.body as { param_type?: string }).param_type));
    return { subscribed: sub !== undefined, subscription: sub ?? null };
  });

  app.post('/appshop/api/subscriptions/subscribe', async (request, reply) => {
    const account = authorize(request, reply, true);
    if (!account) return reply;
    const paramType = String((request.body as { param_type?: string }).param_type);
    const product = productOf(paramType);
    if (!product) return fault(reply, 404, 'UnknownOfferFault', `no offer ${paramType}`);
    const running = current(account.ise2, paramType);
    if (running) return { subscription: running };
    if (account.overQuota) return fault(reply, 402, 'OverQuotaFault', 'payment limit of the Orange line reached');
    const now = new Date();
    const sub: Subscription = {
      id: `OAS-${randomBytes(6).toString('hex')}`,
      ise2: account.ise2,
      paramType,
      price: product.priceCents / 100,
      currency: 'EUR',
      startDate: now.toISOString(),
      endDate: periodEnd(now, product.period).toISOString(),
      status: 'active',
      period: product.period,
    };
    subscriptions.set(sub.id, sub);
    return { subscription: sub };
  });

  /** Partner-side read and unsubscribe: by ise2 and subscription id, no viewer token needed. */
  app.post('/appshop/api/subscriptions/read', async (request, reply) => {
    const account = authorize(request, reply, false);
    if (!account) return reply;
    const sub = subscriptions.get(String((request.body as { subscription_id?: string }).subscription_id));
    if (!sub || sub.ise2 !== account.ise2) return fault(reply, 404, 'UnknownSubscriptionFault', 'not found');
    return { subscription: sub };
  });
  app.post('/appshop/api/subscriptions/unsubscribe', async (request, reply) => {
    const account = authorize(request, reply, false);
    if (!account) return reply;
    const b = request.body as { subscription_id?: string; param_type?: string };
    const sub = b.subscription_id ? subscriptions.get(b.subscription_id) : current(account.ise2, String(b.param_type));
    if (!sub || sub.ise2 !== account.ise2) return fault(reply, 404, 'UnknownSubscriptionFault', 'not found');
    if (sub.status === 'cancelled') return fault(reply, 409, 'AlreadyCancelledFault', 'already cancelled');
    sub.status = 'cancelled';
    return { subscription: sub };
  });

  // --- Test hooks: an Orange line on a box (what the box emulator signs in as). ---
  app.post('/_test/account', async (request) => {
    const b = (request.body ?? {}) as { overQuota?: boolean };
    const account: Account = {
      ise2: `ISE2-${randomBytes(8).toString('hex').toUpperCase()}`,
      apitoken: randomBytes(24).toString('base64url'),
      overQuota: b.overQuota === true,
    };
    accounts.set(account.ise2, account);
    lastAccount = account;
    return account;
  });
  app.post('/_test/renew', async (request, reply) => {
    const sub = subscriptions.get(String((request.body as { id?: string }).id));
    if (!sub) return reply.code(404).send({ error: 'not found' });
    sub.endDate = periodEnd(new Date(sub.endDate), sub.period).toISOString();
    return sub;
  });
}
