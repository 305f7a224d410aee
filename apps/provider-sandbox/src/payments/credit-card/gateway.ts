import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { challengePage, cardPage, formErrorPage } from './hosted-page';
import {
  createShopState,
  ERRORS,
  newUuid,
  recordTransaction,
  type CardToken,
  type CardTransaction,
  type FormPayment,
} from './shop-state';
import { CHALLENGE_CODE, checkCardForm, type CardEntry, type TestCard } from './test-cards';
import { notifyForm, signVads, verifyVads } from './vads-signature';

export interface CreditCardGatewayOptions {
  /** site id → shop key (form and IPN signature) and REST API password. */
  shops: Record<string, { key: string; apiPassword: string }>;
  log?: (line: string) => void;
}

// REGISTER_PAY / REGISTER register a token (with or without a first payment) that the merchant
// charges later; the *_SUBSCRIBE ones also hand the processor a schedule of its own (vads_sub_*).
const PAGE_ACTIONS = new Set([
  'PAYMENT',
  'REGISTER_PAY',
  'REGISTER',
  'REGISTER_PAY_SUBSCRIBE',
  'REGISTER_SUBSCRIBE',
  'REGISTER_UPDATE',
]);
/** Actions that register the card without any debit (vads_amount 0). */
const REGISTER_ONLY = new Set(['REGISTER', 'REGISTER_SUBSCRIBE', 'REGISTER_UPDATE']);
const ALPHA: Record<string, string> = { '978': 'EUR', '840': 'USD' };
const NUMERIC: Record<string, string> = { EUR: '978', USD: '840' };
const isUrl = (s: string | undefined) => /^https?:\/\/[^\s]+$/.test(s ?? '');
const MAX_CHALLENGE_ATTEMPTS = 3;

type Settled = { status: 'AUTHORISED' | 'REFUSED' | 'ABANDONED'; card: (CardEntry & { test: TestCard }) | null };

function stringFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof body === 'object' && body !== null)
    for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** What is wrong with a posted form, in the words of the processor's error page; null if nothing. */
function formProblem(f: Record<string, string>, now: Date, isRepeat: boolean, token: CardToken | undefined) {
  if (f.vads_version !== 'V2') return 'vads_version doit valoir V2.';
  if (f.vads_ctx_mode !== 'TEST') return 'Cette boutique de test accepte seulement vads_ctx_mode TEST.';
  if (f.vads_action_mode !== 'INTERACTIVE') return 'vads_action_mode doit valoir INTERACTIVE.';
  if (f.vads_payment_config !== 'SINGLE') return 'vads_payment_config doit valoir SINGLE.';
  if (!PAGE_ACTIONS.has(f.vads_page_action ?? '')) return 'vads_page_action est invalide.';
  if (!ALPHA[f.vads_currency ?? '']) return 'vads_currency est invalide.';
  if (!/^\d{1,12}$/.test(f.vads_amount ?? '')) return 'vads_amount est invalide.';
  const registersOnly = REGISTER_ONLY.has(f.vads_page_action ?? '');
  if (registersOnly !== (Number(f.vads_amount) === 0)) return 'vads_amount ne correspond pas à vads_page_action.';
  if (!/^\d{6}$/.test(f.vads_trans_id ?? '') || Number(f.vads_trans_id) > 899_999) return 'vads_trans_id est invalide.';
  const date = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(f.vads_trans_date ?? '');
  const at = date ? Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!, +date[4]!, +date[5]!, +date[6]!) : NaN;
  if (!Number.isFinite(at) || Math.abs(now.getTime() - at) > 24 * 3600_000)
    return 'vads_trans_date est invalide (UTC, aaaammjjhhmmss).';
  if (isRepeat) return 'vads_trans_id a déjà été utilisé aujourd’hui.';
  if (!f.vads_order_id || !/^[A-Za-z0-9_-]{1,64}$/.test(f.vads_order_id)) return 'vads_order_id est invalide.';
  if (!isUrl(f.vads_url_check) || !isUrl(f.vads_url_return)) return 'vads_url_check et vads_url_return sont requis.';
  if (f.vads_page_action === 'REGISTER_UPDATE' && (!token || token.status !== 'active'))
    return 'vads_identifier est inconnu ou résilié.';
  if (f.vads_page_action?.endsWith('SUBSCRIBE')) {
    if (!/^\d{1,12}$/.test(f.vads_sub_amount ?? '') || !ALPHA[f.vads_sub_currency ?? ''])
      return 'vads_sub_amount et vads_sub_currency sont requis.';
    if (!/^\d{8}$/.test(f.vads_sub_effect_date ?? '')) return 'vads_sub_effect_date est invalide (aaaammjj).';
    if (!/^RRULE:FREQ=(WEEKLY|MONTHLY)/.test(f.vads_sub_desc ?? '')) return 'vads_sub_desc doit être une RRULE.';
  }
  return null;
}

/**
 * A stand-in for a French card processor (Lyra PayZen / Systempay), decision 026: the hosted
 * payment page takes a signed `vads_` form, asks for the card (and the 3-D Secure code for the
 * challenge card), tells the merchant by a signed IPN first, then sends the browser back; its REST
 * API (`api-payment/V4`, HTTP Basic) charges registered cards, reads orders, refunds and cancels.
 */
export async function creditCardGateway(app: FastifyInstance, options: CreditCardGatewayOptions) {
  const state = createShopState();
  const log = options.log ?? (() => {});
  const base = `${app.prefix}/vads-payment`;

  const html = (reply: FastifyReply, code: number, page: string) =>
    reply.code(code).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);

  /** Settles a form once: records the transaction, tells the merchant, answers the return URL. */
  async function settle(p: FormPayment, outcome: Settled): Promise<string> {
    if (p.result) return returnUrl(p);
    const f = p.fields;
    const amount = Number(f.vads_amount);
    const ok = outcome.status === 'AUTHORISED';
    const action = f.vads_page_action!;
    let token: CardToken | null = null;
    let tokenStatus: 'CREATED' | 'UPDATED' | null = null;
    if (ok && outcome.card && action === 'REGISTER_UPDATE') {
      token = state.tokens.get(f.vads_identifier!)!;
      token.card = outcome.card;
      tokenStatus = 'UPDATED';
    } else if (ok && outcome.card && action.startsWith('REGISTER')) {
      token = {
        token: newUuid(),
        siteId: p.siteId,
        card: outcome.card,
        status: 'active',
        subscription: action.endsWith('SUBSCRIBE')
          ? {
              id: `SUB${randomBytes(6).toString('hex').toUpperCase()}`,
              amount: Number(f.vads_sub_amount),
              currency: ALPHA[f.vads_sub_currency!]!,
              effectDate: f.vads_sub_effect_date!,
              rule: f.vads_sub_desc!,
            }
          : null,
      };
      state.tokens.set(token.token, token);
      tokenStatus = 'CREATED';
    }
    const verification = amount === 0;
    const detailedStatus = ok ? (verification ? 'ACCEPTED' : 'AUTHORISED') : outcome.status;
    const transaction: CardTransaction = {
      uuid: newUuid(),
      siteId: p.siteId,
      orderId: f.vads_order_id!,
      amount,
      currency: ALPHA[f.vads_currency!]!,
      status: ok ? 'PAID' : 'UNPAID',
      detailedStatus,
      operationType: verification ? 'VERIFICATION' : 'DEBIT',
      paymentMethodToken: token?.token ?? (action === 'REGISTER_UPDATE' ? f.vads_identifier! : null),
      errorCode: ok ? null : outcome.status === 'REFUSED' ? '05' : '17',
      errorMessage: ok ? null : outcome.status === 'REFUSED' ? 'refused by the bank' : 'abandoned by the buyer',
      creationDate: new Date().toISOString(),
      parentUuid: null,
    };
    recordTransaction(state, transaction);
    p.transaction = transaction;
    const card = outcome.card;
    const result: Record<string, string> = {
      ...Object.fromEntries(Object.entries(f).filter(([name]) => name.startsWith('vads_'))),
      vads_trans_status: detailedStatus,
      vads_trans_uuid: transaction.uuid,
      vads_operation_type: transaction.operationType,
      vads_result: ok ? '00' : outcome.status === 'REFUSED' ? '05' : '17',
      vads_auth_result: ok ? '00' : outcome.status === 'REFUSED' ? '05' : '',
      vads_effective_amount: String(amount),
      vads_effective_currency: f.vads_currency!,
      vads_url_check_src: 'PAY',
      vads_hash: randomBytes(32).toString('hex'),
      ...(card
        ? {
            vads_card_brand: 'CB',
            vads_card_number: `${card.number.slice(0, 6)}XXXXXX${card.number.slice(-4)}`,
            vads_expiry_month: String(Number(card.expiryMonth)),
            vads_expiry_year: card.expiryYear,
            vads_threeds_auth_type: card.test.threeDs === 'challenge' ? 'CHALLENGE' : 'FRICTIONLESS',
            vads_threeds_status: ok ? 'Y' : 'N',
          }
        : {}),
      ...(token && tokenStatus ? { vads_identifier: token.token, vads_identifier_status: tokenStatus } : {}),
      ...(token?.subscription && tokenStatus === 'CREATED' ? { vads_subscription: token.subscription.id } : {}),
    };
    result.signature = signVads(result, p.key);
    // Settled before any await: a second click finds the result and sends nothing twice.
    p.result = result;
    if (state.dropNotifications) log(`IPN of ${transaction.uuid} dropped (test switch)`);
    else await notifyForm(f.vads_url_check!, result, log);
    return returnUrl(p);
  }

  function returnUrl(p: FormPayment): string {
    const url = new URL(p.fields.vads_url_return!);
    if (p.fields.vads_return_mode === 'GET')
      for (const [name, value] of Object.entries(p.result ?? {})) url.searchParams.set(name, value);
    return url.toString();
  }

  // The form the merchant's page posts (browser → processor).
  app.post('/vads-payment/', async (request, reply) => {
    const f = stringFields(request.body);
    const shop = options.shops[f.vads_site_id ?? ''];
    if (!shop) return html(reply, 400, formErrorPage('vads_site_id est inconnu.'));
    if (!verifyVads(f, shop.key))
      return html(reply, 400, formErrorPage('La signature est invalide : les paramètres ont été modifiés.'));
    const transKey = `${f.vads_site_id}:${(f.vads_trans_date ?? '').slice(0, 8)}:${f.vads_trans_id}`;
    const token = state.tokens.get(f.vads_identifier ?? '');
    const problem = formProblem(f, new Date(), state.transIds.has(transKey), token);
    if (problem) return html(reply, 400, formErrorPage(problem));
    state.transIds.add(transKey);
    const p: FormPayment = {
      id: randomBytes(12).toString('hex'),
      siteId: f.vads_site_id!,
      key: shop.key,
      fields: f,
      challenge: null,
      transaction: null,
      result: null,
    };
    state.forms.set(p.id, p);
    return reply.redirect(`${base}/page/${p.id}`, 303);
  });

  const formOf = (request: FastifyRequest<{ Params: { id: string } }>) => state.forms.get(request.params.id);

  app.get<{ Params: { id: string } }>('/vads-payment/page/:id', async (request, reply) => {
    const p = formOf(request);
    if (!p) return html(reply, 404, formErrorPage('Paiement inconnu ou expiré.'));
    if (p.result) return reply.redirect(returnUrl(p), 303);
    if (p.challenge) return reply.redirect(`${base}/page/${p.id}/3ds`, 303);
    return html(reply, 200, cardPage(p, base));
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> }>(
    '/vads-payment/page/:id',
    async (request, reply) => {
      const p = formOf(request);
      if (!p) return html(reply, 404, formErrorPage('Paiement inconnu ou expiré.'));
      if (p.result) return reply.redirect(returnUrl(p), 303);
      const input = stringFields(request.body);
      const checked = checkCardForm(input, new Date());
      if (!checked.card) return html(reply, 422, cardPage(p, base, checked.errors, input));
      const card = checked.card;
      if (card.test.threeDs === 'challenge') {
        p.challenge = { card, attempts: 0 };
        return reply.redirect(`${base}/page/${p.id}/3ds`, 303);
      }
      const status = card.test.outcome === 'authorised' ? 'AUTHORISED' : 'REFUSED';
      return reply.redirect(await settle(p, { status, card }), 303);
    },
  );

  // "Annuler et retourner à la boutique": the buyer leaves, the payment is ABANDONED.
  app.post<{ Params: { id: string } }>('/vads-payment/page/:id/cancel', async (request, reply) => {
    const p = formOf(request);
    if (!p) return html(reply, 404, formErrorPage('Paiement inconnu ou expiré.'));
    return reply.redirect(await settle(p, { status: 'ABANDONED', card: null }), 303);
  });

  app.get<{ Params: { id: string } }>('/vads-payment/page/:id/3ds', async (request, reply) => {
    const p = formOf(request);
    if (!p) return html(reply, 404, formErrorPage('Paiement inconnu ou expiré.'));
    if (p.result) return reply.redirect(returnUrl(p), 303);
    if (!p.challenge) return reply.redirect(`${base}/page/${p.id}`, 303);
    return html(reply, 200, challengePage(p, base, null));
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> }>(
    '/vads-payment/page/:id/3ds',
    async (request, reply) => {
      const p = formOf(request);
      if (!p) return html(reply, 404, formErrorPage('Paiement inconnu ou expiré.'));
      if (p.result) return reply.redirect(returnUrl(p), 303);
      const challenge = p.challenge;
      if (!challenge) return reply.redirect(`${base}/page/${p.id}`, 303);
      const input = stringFields(request.body);
      // Giving up the authentication fails it: the bank refuses the payment.
      if (input.action === 'cancel')
        return reply.redirect(await settle(p, { status: 'REFUSED', card: challenge.card }), 303);
      if (String(input.code ?? '').trim() !== CHALLENGE_CODE) {
        challenge.attempts += 1;
        if (challenge.attempts >= MAX_CHALLENGE_ATTEMPTS)
          return reply.redirect(await settle(p, { status: 'REFUSED', card: challenge.card }), 303);
        const left = MAX_CHALLENGE_ATTEMPTS - challenge.attempts;
        return html(reply, 422, challengePage(p, base, `Code incorrect. Il vous reste ${left} essai(s).`));
      }
      const status = challenge.card.test.outcome === 'authorised' ? 'AUTHORISED' : 'REFUSED';
      return reply.redirect(await settle(p, { status, card: challenge.card }), 303);
    },
  );

  registerRestApi(app, { state, shops: options.shops });

  // Stand-in only: lose IPNs, as when the merchant was down (reconciliation tests).
  app.post('/_test/drop-notifications', async (request) => {
    state.dropNotifications = JSON.stringify(request.body ?? '').includes('true');
    return { dropNotifications: state.dropNotifications };
  });
}

/** The REST API (`/api-payment/V4/...`): JSON with `{status, answer}`, HTTP Basic `siteId:password`. */
function registerRestApi(
  app: FastifyInstance,
  deps: { state: ReturnType<typeof createShopState>; shops: CreditCardGatewayOptions['shops'] },
) {
  const { state } = deps;
  const success = (answer: unknown) => ({ status: 'SUCCESS', answer });
  const failure = (error: { errorCode: string; errorMessage: string }) => ({ status: 'ERROR', answer: error });

  /** The REST routes: Basic auth checked, then the handler with the site and the JSON body. */
  function route(path: string, handler: (siteId: string, body: Record<string, unknown>) => unknown) {
    app.post(`/api-payment/V4/${path}`, async (request, reply) => {
      const auth = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
      const [siteId, password] = auth ? Buffer.from(auth[1]!, 'base64').toString().split(':') : [];
      if (!siteId || deps.shops[siteId]?.apiPassword !== password) return reply.code(401).send(failure(ERRORS.auth));
      const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
      return handler(siteId, body as Record<string, unknown>);
    });
  }

  const transactionOf = (siteId: string, uuid: unknown) => {
    const t = state.transactions.get(String(uuid));
    return t && t.siteId === siteId ? t : null;
  };

  route('Charge/CreatePayment', (siteId, b) => {
    const key = (b.metadata as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
    const idempotency = typeof key === 'string' && key ? `${siteId}:${key}` : null;
    const earlier = idempotency ? state.byIdempotencyKey.get(idempotency) : undefined;
    if (earlier) return earlier;
    const amount = Number(b.amount);
    const currency = String(b.currency ?? '');
    if (!Number.isSafeInteger(amount) || amount <= 0 || !NUMERIC[currency] || typeof b.orderId !== 'string')
      return failure(ERRORS.badRequest);
    const token = state.tokens.get(String(b.paymentMethodToken));
    if (!token || token.siteId !== siteId) return failure(ERRORS.tokenUnknown);
    if (token.status !== 'active') return failure(ERRORS.tokenCancelled);
    const refused = token.card.test.renewalsRefused || token.card.test.outcome === 'refused';
    const t: CardTransaction = {
      uuid: newUuid(),
      siteId,
      orderId: b.orderId,
      amount,
      currency,
      status: refused ? 'UNPAID' : 'PAID',
      detailedStatus: refused ? 'REFUSED' : 'AUTHORISED',
      operationType: 'DEBIT',
      paymentMethodToken: token.token,
      errorCode: refused ? '51' : null,
      errorMessage: refused ? 'insufficient funds' : null,
      creationDate: new Date().toISOString(),
      parentUuid: null,
    };
    recordTransaction(state, t);
    const answer = success({ orderStatus: t.status, orderDetails: { orderId: t.orderId }, transactions: [t] });
    if (idempotency) state.byIdempotencyKey.set(idempotency, answer);
    return answer;
  });

  route('Transaction/Get', (siteId, b) => {
    const t = transactionOf(siteId, b.uuid);
    return t ? success(t) : failure(ERRORS.notFound);
  });

  route('Order/Get', (siteId, b) => {
    const uuids = state.orders.get(`${siteId}:${String(b.orderId)}`);
    if (!uuids) return failure(ERRORS.notFound);
    return success({ orderId: String(b.orderId), transactions: uuids.map((u) => state.transactions.get(u)!) });
  });

  route('Transaction/CancelOrRefund', (siteId, b) => {
    const key = (b.metadata as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
    const idempotency = typeof key === 'string' && key ? `${siteId}:refund:${key}` : null;
    const earlier = idempotency ? state.byIdempotencyKey.get(idempotency) : undefined;
    if (earlier) return earlier;
    const paid = transactionOf(siteId, b.uuid);
    if (!paid || paid.operationType !== 'DEBIT' || paid.status !== 'PAID') return failure(ERRORS.notFound);
    const refunded = [...state.transactions.values()]
      .filter((t) => t.parentUuid === paid.uuid)
      .reduce((sum, t) => sum + t.amount, 0);
    const amount = Number(b.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) return failure(ERRORS.badRequest);
    if (amount > paid.amount - refunded) return failure(ERRORS.alreadyRefunded);
    const credit: CardTransaction = {
      ...paid,
      uuid: newUuid(),
      amount,
      operationType: 'CREDIT',
      status: 'PAID',
      detailedStatus: 'AUTHORISED',
      creationDate: new Date().toISOString(),
      parentUuid: paid.uuid,
    };
    recordTransaction(state, credit);
    const answer = success(credit);
    if (idempotency) state.byIdempotencyKey.set(idempotency, answer);
    return answer;
  });

  route('Token/Cancel', (siteId, b) => {
    const token = state.tokens.get(String(b.paymentMethodToken));
    if (!token || token.siteId !== siteId) return failure(ERRORS.tokenUnknown);
    if (token.status === 'cancelled') return failure(ERRORS.tokenCancelled);
    token.status = 'cancelled';
    return success({ responseCode: 0, responseMessage: 'token cancelled' });
  });
}
