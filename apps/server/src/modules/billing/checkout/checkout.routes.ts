import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type BillingOutcome, type Carriers, type QueryOf } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CustomerAuth, VisitorAuth } from '../../../lib/access';
import { registerEndpoint } from '../../../lib/register-endpoint';
import { DIRECT_PASS_OPERATORS, isKnownOperator } from '../providers/direct-pass/operators';
import type { ProviderRegistry } from '../providers/registry';
import type { BillingRow, Checkout, StartCheckout } from './checkout.service';
import { createSavedCards } from './saved-card.service';

/**
 * The browser that started a billing keeps here (httpOnly) its id and a secret whose hash the
 * billing holds on the server (decision 052): knowing a billing id, which travels in return URLs,
 * processor forms and logs, gives nothing. Entries `<id>~<secret>`, joined by dots, newest first.
 */
const BILLING_COOKIE = 'playz_billing';
const KEPT_BILLINGS = 5;
const ENTRY = /^([0-9a-f]{24})~([A-Za-z0-9_-]{43})$/;

interface Holder {
  id: string;
  secret: string;
}

const holderHash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A new billing's secret, and the hash the billing keeps. */
function newHolder(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: holderHash(secret) };
}

export interface CheckoutRouteDeps {
  checkout: Checkout;
  registry: ProviderRegistry;
  checkResponses: boolean;
  secureCookies: boolean;
  /** Marketing trackers configured by the operator (spec 3 §3), by action. */
  marketingTrackers: (
    productId: number,
    action: 'visit' | 'subscription',
  ) => Promise<{ Name: string; Data: Record<string, string> }[]>;
  isProductSold: (productId: number) => Promise<boolean>;
  /**
   * Signs in the customer a payment made (spec 3 §4 step 3: "marked logged in with the product
   * login"); answers the login.
   */
  signInCustomer: (request: FastifyRequest, reply: FastifyReply, customerId: number) => Promise<string | null>;
}

const holdersOfCookie = (request: FastifyRequest): Holder[] =>
  (request.cookies[BILLING_COOKIE] ?? '').split('.').flatMap((entry) => {
    const m = ENTRY.exec(entry);
    return m ? [{ id: m[1]!, secret: m[2]! }] : [];
  });

function rememberBilling(request: FastifyRequest, reply: FastifyReply, held: Holder, secure: boolean) {
  const entries = [held, ...holdersOfCookie(request).filter((other) => other.id !== held.id)].slice(0, KEPT_BILLINGS);
  reply.setCookie(BILLING_COOKIE, entries.map((e) => `${e.id}~${e.secret}`).join('.'), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 24 * 3600,
  });
}

/** This browser started the billing: its cookie holds the secret whose hash the billing keeps. */
function startedHere(request: FastifyRequest, row: BillingRow): boolean {
  if (!row.holder_hash) return false;
  const kept = Buffer.from(row.holder_hash);
  return holdersOfCookie(request).some((h) => {
    const hashed = Buffer.from(holderHash(h.secret));
    return h.id === row.id && hashed.length === kept.length && timingSafeEqual(hashed, kept);
  });
}

/** A billing is read back by its customer, or by the browser that started it (operator payments of visitors). */
const mayRead = (auth: VisitorAuth, request: FastifyRequest) => (row: BillingRow) =>
  (row.customer_id !== null && row.customer_id === auth.customer?.customerId) || startedHere(request, row);

type StartQuery = QueryOf<typeof endpoints.getDirectPassUrl>;

function startInput(
  customer: CustomerAuth | null,
  request: FastifyRequest,
  billingType: string,
  raw: unknown,
  holderHash: string,
): StartCheckout {
  const query = raw as StartQuery;
  return {
    holderHash,
    customer,
    billingType,
    productId: Number(query.product_id),
    productPriceId: query.product_price_id === undefined ? undefined : Number(query.product_price_id),
    operatorId: query.operator_id === undefined ? undefined : Number(query.operator_id),
    msisdn: query.msisdn,
    purchaseContent: query.purchase_content,
    requestedUrl: query.requested_url,
    platform: request.common.platform,
    declaredBillingTypes: request.common.billingTypes,
    ip: request.ip,
  };
}

/** The web payment calls of spec 3 §7 that every redirecting provider shares (decision 025). */
export function registerCheckoutRoutes(app: FastifyInstance, deps: CheckoutRouteDeps) {
  const opts = { checkResponses: deps.checkResponses };
  /** A card start's answer: the hidden form the browser posts to the card processor (3-D Secure). */
  const formPost = (
    request: FastifyRequest,
    reply: FastifyReply,
    { billing, answer }: Awaited<ReturnType<Checkout['start']>>,
    secret: string,
  ) => {
    if (answer.kind !== 'form') throw apiError(ApiErrorNumber.BillingParamsNotFound);
    rememberBilling(request, reply, { id: billing.id, secret }, deps.secureCookies);
    return { RedirectData: { RedirectUrl: answer.url, RedirectParams: answer.params }, BillingID: billing.id };
  };

  /**
   * Confirm: where the billing stands. A payment that made an account signs in the browser that
   * started it, once, minutes after the payment (decision 052); any other caller only reads.
   */
  const confirm = async (
    auth: VisitorAuth,
    request: FastifyRequest,
    reply: FastifyReply,
    billingId: string,
  ): Promise<BillingOutcome> => {
    const outcome = await deps.checkout.confirm(billingId, mayRead(auth, request));
    if (outcome.state !== 'Succeeded') return outcome;
    const row = await deps.checkout.findBilling(billingId);
    if (
      row?.customer_id &&
      row.customer_id !== auth.customer?.customerId &&
      startedHere(request, row) &&
      (await deps.checkout.claimSignIn(row.id))
    )
      return { ...outcome, productLogin: await deps.signInCustomer(request, reply, row.customer_id) };
    return outcome;
  };

  registerEndpoint(
    app,
    endpoints.getDirectPassCarriers,
    async ({ query }) => {
      if (!(await deps.isProductSold(Number(query.product_id)))) throw apiError(ApiErrorNumber.ProductNotFound);
      const billings: Carriers['billings'] = [];
      if (deps.registry.get('CreditCard')) billings.push({ name: 'Carte bancaire', param: 'CB' });
      if (deps.registry.get('Paypal')) billings.push({ name: 'PayPal', param: 'PAYPAL' });
      return { Carriers: { operators: deps.registry.get('Wap2') ? DIRECT_PASS_OPERATORS : [], billings } };
    },
    opts,
  );

  registerEndpoint(
    app,
    endpoints.getDirectPassUrl,
    async ({ auth, query, request, reply }) => {
      // A payment method chosen on the operator page (CB, PAYPAL) goes to its own provider.
      const param = query.billing_type_param;
      const billingType = param === 'CB' ? 'CreditCard' : param === 'PAYPAL' ? 'Paypal' : 'Wap2';
      if (billingType === 'Wap2' && query.operator_id !== undefined && !isKnownOperator(Number(query.operator_id)))
        throw apiError(ApiErrorNumber.BillingParamsNotFound);
      const holder = newHolder();
      const { billing, answer } = await deps.checkout.start(
        startInput(auth.customer, request, billingType, query, holder.hash),
      );
      if (answer.kind === 'needsMsisdn') return { Url: null, BillingID: null };
      rememberBilling(request, reply, { id: billing.id, secret: holder.secret }, deps.secureCookies);
      if (answer.kind !== 'redirect') throw apiError(ApiErrorNumber.BillingParamsNotFound);
      return { Url: answer.url, BillingID: billing.id };
    },
    opts,
  );

  // The same answer whichever provider the viewer came back from (spec 3 §7 .../confirm).
  for (const endpoint of [endpoints.confirmDirectPass, endpoints.confirmCreditCard])
    registerEndpoint(
      app,
      endpoint,
      async ({ auth, body, request, reply }) => {
        const billing = await confirm(auth, request, reply, body.billing_id);
        return { Result: billing.state === 'Succeeded', Billing: billing };
      },
      opts,
    );

  registerEndpoint(
    app,
    endpoints.getCreditCardUrl,
    async ({ auth, query, request, reply }) => {
      const holder = newHolder();
      const started = await deps.checkout.start(startInput(auth, request, 'CreditCard', query, holder.hash));
      return formPost(request, reply, started, holder.secret);
    },
    opts,
  );

  registerEndpoint(
    app,
    endpoints.getCreditCardUpdate,
    async ({ auth, query, request, reply }) => {
      const holder = newHolder();
      const { billing, answer } = await deps.checkout.startCardUpdate({
        holderHash: holder.hash,
        customer: auth,
        billingType: 'CreditCard',
        productId: Number(query.product_id),
        requestedUrl: query.requested_url,
        platform: request.common.platform,
        declaredBillingTypes: request.common.billingTypes,
      });
      return formPost(request, reply, { billing, answer }, holder.secret);
    },
    opts,
  );

  // The saved card (spec 3 §7 /billing/credit-card/save, decision 083).
  const savedCards = createSavedCards({ registry: deps.registry, checkout: deps.checkout, log: app.log });
  registerEndpoint(
    app,
    endpoints.saveCreditCard,
    async ({ auth, body, request, reply }) => {
      if (body.billing_id) {
        const { billing, card } = await savedCards.outcome(auth, body.billing_id);
        const Result = billing.state === 'Succeeded';
        return { Result, BillingID: billing.billingID, RedirectData: null, Billing: billing, CreditCard: card };
      }
      const holder = newHolder();
      const started = await savedCards.start({
        customer: auth,
        requestedUrl: body.requested_url,
        platform: request.common.platform,
        declaredBillingTypes: request.common.billingTypes,
        holderHash: holder.hash,
      });
      const { RedirectData, BillingID } = formPost(request, reply, started, holder.secret);
      return { Result: false, BillingID, RedirectData, Billing: null, CreditCard: null };
    },
    opts,
  );
  registerEndpoint(app, endpoints.removeCreditCard, ({ auth }) => savedCards.remove(auth), opts);

  registerEndpoint(
    app,
    endpoints.getPaypalUrl,
    async ({ auth, query, request, reply }) => {
      const holder = newHolder();
      const { billing, answer } = await deps.checkout.start(startInput(auth, request, 'Paypal', query, holder.hash));
      if (answer.kind !== 'redirect') throw apiError(ApiErrorNumber.BillingParamsNotFound);
      rememberBilling(request, reply, { id: billing.id, secret: holder.secret }, deps.secureCookies);
      return { Url: answer.url, BillingID: billing.id };
    },
    opts,
  );

  // Providers whose return lands on an API call of their own (PayPal's GET confirm) answer
  // through the same confirm.
  for (const provider of deps.registry.all())
    provider.registerApi?.(app, {
      checkResponses: deps.checkResponses,
      confirm,
      providerRefOf: async (billingId) => (await deps.checkout.findBilling(billingId))?.provider_ref ?? null,
      applyEvent: (event) => deps.checkout.applyEvent(event),
    });

  registerEndpoint(
    app,
    endpoints.getBillingData,
    async ({ auth, params, query, request }) => {
      const provider = deps.registry.byRouteName(params.type);
      if (!provider) throw apiError(ApiErrorNumber.BillingTypeNotFound);
      const row = await deps.checkout.findBilling(query.billing_id);
      if (!row || row.billing_type !== provider.billingType || !mayRead(auth, request)(row))
        throw apiError(ApiErrorNumber.BillingNotFound);
      return { Billing: await deps.checkout.outcome(row) };
    },
    opts,
  );

  registerEndpoint(
    app,
    endpoints.getMarketingTrackers,
    async ({ query }) => {
      const productId = Number(query.product_id);
      if (!(await deps.isProductSold(productId))) throw apiError(ApiErrorNumber.ProductNotFound);
      const [Visit, Subscription] = await Promise.all([
        deps.marketingTrackers(productId, 'visit'),
        deps.marketingTrackers(productId, 'subscription'),
      ]);
      return { MarketingTrackers: { Visit, Subscription } };
    },
    opts,
  );
}

export { rememberBilling, mayRead };
