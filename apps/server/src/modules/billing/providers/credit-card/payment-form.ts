import type { ProviderBilling } from '../payment-provider';
import type { CreditCardConfig } from './config';
import { signFields } from './signature';

/** ISO 4217 numeric codes of the currencies offers are sold in (vads_currency). */
export const NUMERIC_CURRENCY: Record<string, string> = { EUR: '978', USD: '840' };
export const ALPHA_CURRENCY: Record<string, string> = { '978': 'EUR', '840': 'USD' };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** yyyyMMdd in UTC. */
export const utcDay = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
/** yyyyMMddHHmmss in UTC (vads_trans_date). */
export const utcStamp = (d: Date) =>
  `${utcDay(d)}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;

let lastDay = '';
let lastTick = -1;

/**
 * vads_trans_id: 6 digits, unique per shop and day (the processor refuses a repeat). The tenth of
 * a second of the UTC day (0–863999) is unique on this process without any storage; two payments
 * in the same tenth take the next one. Two server nodes starting a payment in the same tenth of a
 * second could still collide: the processor then refuses the second form (decision 026).
 */
export function nextTransId(now: Date): string {
  const day = utcDay(now);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let tick = Math.floor((now.getTime() - midnight) / 100);
  if (day === lastDay && tick <= lastTick) tick = lastTick + 1;
  if (tick > 899_999) throw new Error('no card transaction id left for today');
  lastDay = day;
  lastTick = tick;
  return pad(tick, 6);
}

/** vads_page_action for a billing (decision 026). */
export function pageActionOf(billing: ProviderBilling): string {
  if (billing.kind === 'CardUpdate') return 'REGISTER_UPDATE';
  if (billing.kind === 'Purchase') return 'PAYMENT';
  // A saved card (decision 083): the card is registered and checked under 3-D Secure, nothing paid.
  if (billing.kind === 'CardSave') return 'REGISTER';
  // A subscription registers the card as a token (and pays its first term); renewals are charged
  // by our billing job on that token. Not the *_SUBSCRIBE actions: with those the processor's own
  // recurring engine would also charge the schedule, twice the money (decision 026).
  // A free first period registers the card only; the first charge is the renewal at its end.
  return billing.amountCents === 0 ? 'REGISTER' : 'REGISTER_PAY';
}

/**
 * The signed form the browser posts to the hosted page (spec 3 §4 step 2: "posts a hidden form to
 * the returned url with the returned params"). The IPN (vads_url_check) is the source of truth;
 * the return (vads_url_return) only brings the viewer back to /billing/return/{billing_id}.
 */
export function paymentForm(
  billing: ProviderBilling,
  config: CreditCardConfig,
  deps: { publicUrl: string; now: Date; transId: string },
): Record<string, string> {
  const currency = NUMERIC_CURRENCY[billing.currency];
  if (!currency) throw new Error(`no card payments in ${billing.currency}`);
  const action = pageActionOf(billing);
  const fields: Record<string, string> = {
    vads_action_mode: 'INTERACTIVE',
    vads_amount: String(billing.amountCents),
    vads_ctx_mode: config.mode,
    vads_currency: currency,
    vads_order_id: billing.id,
    vads_order_info: billing.offer.name,
    vads_page_action: action,
    vads_payment_config: 'SINGLE',
    vads_return_mode: 'GET',
    vads_site_id: config.siteId,
    vads_trans_date: utcStamp(deps.now),
    vads_trans_id: deps.transId,
    vads_url_check: `${deps.publicUrl}/billing/callbacks/credit-card`,
    vads_url_return: billing.returnUrl,
    vads_version: 'V2',
  };
  if (billing.customer) fields.vads_cust_id = String(billing.customer.id);
  if (billing.customer?.login?.includes('@')) fields.vads_cust_email = billing.customer.login;
  if (action === 'REGISTER_UPDATE') {
    if (!billing.subscriptionRef) throw new Error('a card update needs the subscription card token');
    fields.vads_identifier = billing.subscriptionRef;
  }
  return { ...fields, signature: signFields(fields, config.key) };
}
