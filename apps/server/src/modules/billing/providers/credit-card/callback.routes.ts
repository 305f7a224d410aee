import type { FastifyInstance } from 'fastify';
import type { ApplyResult, ProviderEvent } from '../payment-provider';
import { ALPHA_CURRENCY } from './payment-form';
import { cardPaymentEvent, registeredCardOf } from './payment-events';
import { isFieldsSignatureValid } from './signature';

/** The IPN's fields as strings (a repeated field is not ours: it makes the IPN invalid). */
function fieldsOf(body: unknown): Record<string, string> | null {
  if (typeof body !== 'object' || body === null) return null;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') return null;
    fields[name] = value;
  }
  return fields;
}

export function eventOfIpn(f: Record<string, string>): ProviderEvent | null {
  const amount = Number(f.vads_amount);
  if (!f.vads_trans_uuid || !f.vads_order_id || !Number.isSafeInteger(amount)) return null;
  return cardPaymentEvent({
    uuid: f.vads_trans_uuid,
    orderId: f.vads_order_id,
    status: f.vads_trans_status ?? '',
    amountCents: amount,
    currency: ALPHA_CURRENCY[f.vads_currency ?? ''] ?? `ISO-${f.vads_currency ?? '?'}`,
    token: f.vads_identifier || null,
    cardUpdate: f.vads_page_action === 'REGISTER_UPDATE',
    card: registeredCardOf(f),
  });
}

/**
 * The processor's IPN (POST /billing/callbacks/credit-card, form-encoded vads_ fields and their
 * signature): the source of truth of card payments (decision 026). A bad signature is refused
 * (401) and changes nothing; a status that is no outcome yet is acknowledged so it stops retrying.
 */
export function registerCreditCardCallbacks(
  app: FastifyInstance,
  deps: { key: string; applyEvent: (event: ProviderEvent) => Promise<ApplyResult> },
) {
  app.post('/billing/callbacks/credit-card', { config: { access: 'provider-signature' } }, async (request, reply) => {
    const fields = fieldsOf(request.body);
    if (!fields || !isFieldsSignatureValid(fields, deps.key)) {
      request.log.warn('credit card IPN with a bad signature refused');
      return reply.code(401).send({ error: 'bad_signature' });
    }
    const event = eventOfIpn(fields);
    if (!event) return reply.code(200).send({ received: true, applied: 'no outcome' });
    const applied = await deps.applyEvent(event);
    request.log.info({ key: event.key, outcome: applied.outcome, reason: applied.reason }, 'credit card IPN');
    return reply.code(200).send({ received: true, applied: applied.outcome });
  });
}
