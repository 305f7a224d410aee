import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, type BillingOutcome } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { authOf } from '../../../../lib/access';
import { ok } from '../../../../lib/envelope';
import type { ProviderApiContext, ProviderEvent } from '../payment-provider';
import type { PaypalClient } from './client';
import { BILLING_TYPE, type PaypalEvents } from './provider-events';

/** Browsers arrive here from PayPal itself: they get a redirect, the web app gets JSON. */
const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
const splashOf = (billingId: string) => `/billing/return/${billingId}`;

const querySchema = endpoints.confirmPaypal.query!;

function parseQuery(raw: Record<string, unknown>) {
  const result = querySchema.safeParse(raw);
  if (result.success) return result.data;
  throw apiError(raw.billing_id === undefined ? ApiErrorNumber.MissingParameter : ApiErrorNumber.BadParameter);
}

/**
 * spec 3 §7 GET /billing/paypal/confirm (decision 027): PayPal's return and cancel URLs. The query
 * is never trusted: the shared confirm asks PayPal (an approved order is captured there, a
 * subscription read), and a "cancelled" return only abandons the billing once PayPal says the
 * viewer approved nothing.
 */
export function registerPaypalConfirm(
  api: FastifyInstance,
  deps: { client: PaypalClient; events: PaypalEvents; context: ProviderApiContext },
) {
  /** The abandonment PayPal confirms: the order or subscription is still waiting for approval. */
  async function abandonment(billing: BillingOutcome, ref: string): Promise<ProviderEvent | null> {
    const base = {
      billingType: BILLING_TYPE,
      kind: 'abandoned' as const,
      billingId: billing.billingID,
      amountCents: 0,
      currency: 'EUR',
      detail: 'cancelled on the PayPal page',
    };
    if (billing.type === 'Subscription') {
      const sub = await deps.client.getSubscription(ref);
      if (sub.status !== 'APPROVAL_PENDING') return null;
      return { ...base, key: `subscription:${sub.id}:cancelled-by-payer`, subscriptionRef: sub.id };
    }
    const order = await deps.client.getOrder(ref);
    if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') return null;
    return { ...base, key: `order:${order.id}:cancelled-by-payer`, subscriptionRef: null };
  }

  // A contract endpoint answered outside registerEndpoint (a redirect for browsers): its access is
  // the contract's, checked here as registerEndpoint would.
  const { access } = endpoints.confirmPaypal;
  api.get(endpoints.confirmPaypal.path, { config: { access } }, async (request, reply) => {
    const auth = authOf(access, request.session);
    const raw = request.query as Record<string, unknown>;
    const html = wantsHtml(request);
    try {
      const query = parseQuery(raw);
      let billing = await deps.context.confirm(auth, request, reply, query.billing_id);
      if (billing.state === 'Pending' && raw.cancelled === '1') {
        const ref = await deps.context.providerRefOf(billing.billingID);
        const event = ref ? await abandonment(billing, ref) : null;
        if (event) {
          await deps.context.applyEvent(event);
          billing = await deps.context.confirm(auth, request, reply, query.billing_id);
        }
      }
      const answer = { RedirectUrl: splashOf(billing.billingID), Billing: billing };
      if (deps.context.checkResponses) endpoints.confirmPaypal.response.parse(answer);
      if (html) return reply.redirect(answer.RedirectUrl, 302);
      return ok(answer);
    } catch (error) {
      // The splash asks again (JSON) and shows the billing error page if it still fails.
      if (html && typeof raw.billing_id === 'string' && /^[0-9a-f]{24}$/.test(raw.billing_id)) {
        request.log.warn({ err: error, billing: raw.billing_id }, 'paypal return failed, sent to the splash');
        return reply.redirect(splashOf(raw.billing_id), 302);
      }
      throw error;
    }
  });
}
