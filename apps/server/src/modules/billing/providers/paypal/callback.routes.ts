import type { FastifyInstance } from 'fastify';
import type { ApplyResult, ProviderEvent } from '../payment-provider';
import type { PaypalCapture, PaypalClient, PaypalSubscription, WebhookSignature } from './client';
import { valueToCents } from './money';
import { BILLING_TYPE, type PaypalEvents, type PaypalSale } from './provider-events';

/** A PayPal webhook event (v1 notifications): its type and the resource it is about. */
interface WebhookEvent {
  id?: string;
  event_type?: string;
  resource?: Record<string, unknown>;
}

/** The refund a PAYMENT.CAPTURE.REFUNDED event carries. */
interface PaypalRefundResource {
  id: string;
  amount?: { value?: string; currency_code?: string };
  custom_id?: string;
}

async function eventOf(webhook: WebhookEvent, events: PaypalEvents): Promise<ProviderEvent | null> {
  const resource = webhook.resource;
  if (!resource || typeof resource.id !== 'string') return null;
  switch (webhook.event_type) {
    case 'BILLING.SUBSCRIPTION.ACTIVATED':
      return events.subscriptionEvent(resource as unknown as PaypalSubscription);
    case 'BILLING.SUBSCRIPTION.CANCELLED':
      return {
        billingType: BILLING_TYPE,
        key: `subscription:${resource.id}:CANCELLED`,
        kind: 'cancelled',
        billingId: null,
        subscriptionRef: resource.id,
        amountCents: 0,
        currency: 'EUR',
        detail: 'cancelled at PayPal',
      };
    case 'PAYMENT.SALE.COMPLETED':
      return events.saleEvent(resource as unknown as PaypalSale);
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED': {
      const capture = resource as unknown as PaypalCapture;
      return capture.amount ? events.captureEvent(capture, capture.custom_id ?? null) : null;
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const refund = resource as unknown as PaypalRefundResource;
      return {
        billingType: BILLING_TYPE,
        // The key our own refund call answers too: a refund asked here and notified is one.
        key: `refund:${refund.id}`,
        kind: 'refunded',
        billingId: refund.custom_id ?? null,
        subscriptionRef: null,
        amountCents: valueToCents(refund.amount?.value) ?? -1,
        currency: refund.amount?.currency_code ?? 'EUR',
        providerRef: refund.id,
      };
    }
    default:
      // BILLING.SUBSCRIPTION.PAYMENT.FAILED and the rest: the billing job's read decides a
      // refused renewal, once per attempt (decision 027).
      return null;
  }
}

const header = (value: string | string[] | undefined) => (typeof value === 'string' && value ? value : null);

/**
 * PayPal's webhooks (POST /billing/callbacks/paypal, decision 027). PayPal itself checks each
 * one's transmission signature (verify-webhook-signature with our webhook id); a forged or
 * unsigned one is refused (401) and changes nothing. PayPal retries until it gets a 2xx, so an
 * event we do not use is acknowledged and a failure to apply answers 5xx.
 */
export function registerPaypalCallbacks(
  app: FastifyInstance,
  deps: {
    client: PaypalClient;
    events: PaypalEvents;
    applyEvent: (event: ProviderEvent) => Promise<ApplyResult>;
  },
) {
  app.register(async (scope) => {
    // PayPal checks the event as sent: keep the body's text.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post('/billing/callbacks/paypal', { config: { access: 'provider-signature' } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const h = request.headers;
      const fields = {
        auth_algo: header(h['paypal-auth-algo']),
        cert_url: header(h['paypal-cert-url']),
        transmission_id: header(h['paypal-transmission-id']),
        transmission_sig: header(h['paypal-transmission-sig']),
        transmission_time: header(h['paypal-transmission-time']),
      };
      if (Object.values(fields).some((v) => v === null)) {
        request.log.warn('paypal webhook without transmission headers refused');
        return reply.code(401).send({ error: 'unsigned' });
      }
      let webhook: WebhookEvent;
      try {
        webhook = JSON.parse(raw) as WebhookEvent;
      } catch {
        return reply.code(400).send({ error: 'bad_json' });
      }
      // `null`, a number or a list parse too: not an event (was a 500, docs/reliability.md).
      if (!webhook || typeof webhook !== 'object' || Array.isArray(webhook)) {
        return reply.code(400).send({ error: 'bad_json' });
      }
      if (!(await deps.client.verifyWebhook(fields as WebhookSignature, webhook))) {
        request.log.warn({ webhook: webhook.id }, 'paypal webhook with a bad signature refused');
        return reply.code(401).send({ error: 'bad_signature' });
      }
      const event = await eventOf(webhook, deps.events);
      if (!event) return reply.code(200).send({ received: true, applied: 'not used' });
      const applied = await deps.applyEvent(event);
      request.log.info(
        {
          webhook: webhook.id,
          type: webhook.event_type,
          key: event.key,
          outcome: applied.outcome,
          reason: applied.reason,
        },
        'paypal webhook',
      );
      // A subscription approved after its billing ended (the viewer left, then approved from an
      // old tab) would bill for nothing: stop it at PayPal.
      if (
        event.kind === 'paid' &&
        event.subscriptionRef &&
        (applied.reason === 'billing is Abandoned' || applied.reason === 'billing is Failed')
      ) {
        await deps.client.cancelSubscription(event.subscriptionRef, 'Paiement abandonné sur Playz').catch((error) => {
          request.log.error(
            { err: error, subscription: event.subscriptionRef },
            'paypal cancel of a stray subscription failed',
          );
        });
      }
      return reply.code(200).send({ received: true, applied: applied.outcome });
    });
  });
}
