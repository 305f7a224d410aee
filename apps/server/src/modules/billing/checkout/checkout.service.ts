import { randomBytes } from 'node:crypto';
import type { BillingOutcome, PurchaseContentRequest } from '@playz/api-contract';
import {
  ApiErrorNumber,
  apiError,
  billingTypesAvailableOn,
  firstCharge,
  isBillingType,
  isValidFrenchMobile,
  normalizeFrenchPhone,
  safeReturnPath,
  type Platform,
} from '@playz/domain';
import type { PaymentProvider, ProviderBilling, ProviderEvent, StartAnswer } from '../providers/payment-provider';
import type { ProviderRegistry } from '../providers/registry';
import type { EventApplier, StoredPurchaseContent } from './apply-provider-event';
import { offerTerms } from './offer-terms';
import { PURCHASE_ERRORS, PURCHASE_PRODUCT_OF, parsePurchaseContent } from '../purchase-content';
import type { BillingRow, BillingsRepository, OfferRow } from './billings.repository';
import type { BillingBudgets } from './start-budgets';
import type { CustomerAuth } from '../../../lib/access';

/** How long after its payment a billing may still sign in the account it made (decision 052). */
export const SIGN_IN_WINDOW_MS = 10 * 60_000;

/** A card registration nobody finished is offered again for this long (decision 083). */
export const REGISTRATION_REUSE_MS = 15 * 60_000;
/** What the processor's page says a card registration is for (vads_order_info). */
const CARD_SAVE_LABEL = 'Playz : carte enregistrée pour vos prochains paiements';

/** A new billing's binding: its holder, and no payment or sign-in yet. */
const newBillingBinding = (holderHash: string | undefined) => ({
  holder_hash: holderHash ?? null,
  created_customer: 0,
  paid_at: null,
  signed_in_at: null,
});

export interface StartCheckout {
  /** Who pays: a signed-in customer, or null for a visitor paying by operator (decision 025). */
  customer: CustomerAuth | null;
  billingType: string;
  productId: number;
  productPriceId?: number;
  operatorId?: number;
  msisdn?: string;
  /** JSON PurchaseContent (spec 3 §7 purchase_content). */
  purchaseContent?: string;
  requestedUrl?: string;
  platform: Platform;
  declaredBillingTypes: readonly string[];
  /** The hash of a secret only the starting browser holds: it alone reads the billing back (decision 052). */
  holderHash?: string;
  /** The caller's address: starts are counted per address, account and line (decision 063). */
  ip: string;
}

/** A card's own start (an update or a registration, spec 3 §7): a signed-in customer's. */
export interface CardStart {
  customer: CustomerAuth;
  billingType: string;
  requestedUrl?: string;
  platform: Platform;
  declaredBillingTypes: readonly string[];
  holderHash?: string;
}

export interface CheckoutDeps {
  repo: BillingsRepository;
  registry: ProviderRegistry;
  events: EventApplier;
  publicUrl: string;
  /** The label of a purchasable item, or null when it does not exist (20, 21, 100). */
  purchasableLabel: (content: PurchaseContentRequest) => Promise<string | null>;
  /** The offer an item names as its own (spec 2 Content, Live event productPriceID); null: none. */
  itemOffer: (content: PurchaseContentRequest) => Promise<number | null>;
  /** Payment starts per address, account and line (decision 063). */
  budgets: Pick<BillingBudgets, 'countStart'>;
  now: () => Date;
}

/**
 * The checkout (decision 025): starts a billing at its provider, and says where it stands when the
 * viewer comes back. It never activates anything itself: provider events do, through `events`.
 */
export function createCheckout(deps: CheckoutDeps) {
  const providerBilling = async (row: BillingRow, offer: OfferRow): Promise<ProviderBilling> => {
    const terms = offerTerms(offer);
    const customer = row.customer_id ? await deps.repo.customerLogin(row.customer_id) : undefined;
    return {
      id: row.id,
      kind: row.kind as ProviderBilling['kind'],
      amountCents: row.amount_cents,
      currency: row.currency,
      trialDays: row.trial_days,
      offer: {
        id: offer.id,
        productId: offer.product_id,
        name: offer.name,
        durationUnit: terms.durationUnit,
        durationCount: terms.durationCount,
        renewalPriceCents: offer.promo_price_cents ?? offer.price_cents,
      },
      customer: customer ? { id: customer.id, login: customer.login } : null,
      msisdn: row.msisdn,
      operatorId: row.operator_id,
      returnUrl: `${deps.publicUrl}/billing/return/${row.id}`,
      providerRef: row.provider_ref,
      subscriptionRef: null,
    };
  };

  function providerFor(billingType: string, platform: Platform, declared: readonly string[]): PaymentProvider {
    if (!isBillingType(billingType)) throw apiError(ApiErrorNumber.BillingTypeNotFound);
    const provider = deps.registry.get(billingType);
    if (!provider) throw apiError(ApiErrorNumber.BillingTypeNotFound);
    if (!billingTypesAvailableOn(platform, declared).includes(billingType)) throw apiError(ApiErrorNumber.Forbidden);
    return provider;
  }

  /**
   * A Pending billing as every start writes it before calling the provider: the parts each start
   * decides, then the return path (only a path of this site comes back after the payment: no open
   * redirect), the platform and the starting browser's binding (decision 052).
   */
  function pendingBilling(
    at: Date,
    input: { requestedUrl?: string; platform: Platform; holderHash?: string },
    decided: Pick<
      BillingRow,
      | 'customer_id'
      | 'offer_id'
      | 'billing_type'
      | 'kind'
      | 'amount_cents'
      | 'currency'
      | 'trial_days'
      | 'purchase_content'
      | 'operator_id'
      | 'msisdn'
      | 'subscription_id'
    >,
  ): BillingRow {
    return {
      id: randomBytes(12).toString('hex'),
      ...decided,
      state: 'Pending',
      requested_url: safeReturnPath(input.requestedUrl),
      platform: input.platform,
      provider_ref: null,
      failure: null,
      purchase_id: null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      ...newBillingBinding(input.holderHash),
    };
  }

  /** A card's own billing (an update or a registration): nothing charged, no line, no item. */
  const cardBilling = (
    kind: 'CardUpdate' | 'CardSave',
    customerId: number,
    offer: OfferRow,
    provider: PaymentProvider,
    subscriptionId: number | null,
  ) => ({
    customer_id: customerId,
    offer_id: offer.id,
    billing_type: provider.billingType,
    kind,
    amount_cents: 0,
    currency: offer.currency,
    trial_days: 0,
    purchase_content: null,
    operator_id: null,
    msisdn: null,
    subscription_id: subscriptionId,
  });

  /** The provider's page for a billing just written; one that cannot be reached abandons it. */
  async function askProvider(provider: PaymentProvider, row: BillingRow, billing: ProviderBilling) {
    try {
      return await provider.start(billing);
    } catch (error) {
      await deps.repo.abandon(row.id, 'provider unreachable', deps.now().toISOString());
      throw error;
    }
  }

  /**
   * The end of a card's own start (an update or a registration): the provider's page, whose
   * reference the billing keeps. A card needs no phone number: a provider asking for one is refused.
   */
  async function startCardPage(provider: PaymentProvider, row: BillingRow, billing: ProviderBilling) {
    const answer = await askProvider(provider, row, billing);
    if (answer.kind === 'needsMsisdn') throw apiError(ApiErrorNumber.BillingParamsNotFound);
    await deps.repo.setProviderRef(row.id, answer.providerRef, deps.now().toISOString());
    return { billing: { ...row, provider_ref: answer.providerRef }, answer };
  }

  async function chooseOffer(productId: number, productPriceId: number | undefined): Promise<OfferRow> {
    // Offers taken off sale (decision 099) sell to nobody new; their subscribers renew on them.
    const offers = (await deps.repo.offersOfProduct(productId)).filter((o) => o.hidden_at === null);
    const offer = productPriceId === undefined ? offers[0] : offers.find((o) => o.id === productPriceId);
    if (!offer) throw apiError(ApiErrorNumber.ProductNotFound);
    return offer;
  }

  async function outcome(row: BillingRow): Promise<BillingOutcome> {
    const offer = await deps.repo.findOffer(row.offer_id);
    const content = JSON.parse(row.purchase_content ?? 'null') as StoredPurchaseContent | null;
    return {
      billingID: row.id,
      billingType: row.billing_type,
      type: row.kind as BillingOutcome['type'],
      state: row.state as BillingOutcome['state'],
      productID: offer?.product_id ?? 0,
      requestedUrl: row.requested_url,
      purchaseContent: content ? { contentType: content.contentType, contentTypeID: content.contentTypeID } : null,
      productLogin: null,
    };
  }

  return {
    /** Starts a payment: a Pending billing, then the provider's page (spec 3 §4 steps 1–2). */
    async start(input: StartCheckout): Promise<{ billing: BillingRow; answer: StartAnswer }> {
      const provider = providerFor(input.billingType, input.platform, input.declaredBillingTypes);
      const offer = await chooseOffer(input.productId, input.productPriceId);
      const at = deps.now();
      const msisdn = input.msisdn ? normalizeFrenchPhone(input.msisdn) : null;
      if (msisdn !== null && !isValidFrenchMobile(msisdn))
        throw apiError(ApiErrorNumber.BadParameter, "Le numéro n'est pas valide");
      const request = parsePurchaseContent(input.purchaseContent);
      let stored: StoredPurchaseContent | null = null;
      if (offer.type === 'Purchase') {
        if (!request) throw apiError(ApiErrorNumber.MissingParameter, 'purchase_content');
        // An offer sells one kind of item: no product sells this one at this offer's price and term.
        if (offer.product !== PURCHASE_PRODUCT_OF[request.contentType])
          throw apiError(ApiErrorNumber.ProductNotFound, `${offer.product} does not sell a ${request.contentType}`);
        const label = await deps.purchasableLabel(request);
        if (label === null) throw apiError(PURCHASE_ERRORS[request.contentType]);
        // An item that names its own offer is sold at that offer only (decision 073): another
        // offer of the same product (a cheaper pass, a shorter rental) does not buy it.
        const own = await deps.itemOffer(request);
        if (own !== null && own !== offer.id)
          throw apiError(ApiErrorNumber.ProductNotFound, `this ${request.contentType} is sold at its own offer only`);
        stored = { ...request, label, hours: offer.purchase_hours };
      }
      const customerId = input.customer?.customerId ?? null;
      // Counted once the call is one that would reach the provider: a typo does not spend a budget.
      await deps.budgets.countStart({ ip: input.ip, customerId, msisdn });
      if (offer.type === 'Subscription' && customerId !== null) {
        // Paying twice for what is already running is refused (decision 025).
        const active = await deps.repo.activeSubscriptions(customerId, offer.product_id, at.toISOString());
        if (active.some((s) => s.status !== 'Cancelled'))
          throw apiError(ApiErrorNumber.Forbidden, 'already subscribed');
      }
      const hadProduct = customerId === null ? false : await deps.repo.hadProduct(customerId, offer.product_id);
      const charge =
        offer.type === 'Purchase'
          ? { amountCents: offer.price_cents, trialDays: 0 }
          : firstCharge(offerTerms(offer), hadProduct, at);
      const row = pendingBilling(at, input, {
        customer_id: customerId,
        offer_id: offer.id,
        billing_type: provider.billingType,
        kind: offer.type === 'Purchase' ? 'Purchase' : 'Subscription',
        amount_cents: charge.amountCents,
        currency: offer.currency,
        trial_days: charge.trialDays,
        purchase_content: stored ? JSON.stringify(stored) : null,
        operator_id: input.operatorId ?? null,
        msisdn,
        subscription_id: null,
      });
      await deps.repo.insertBilling(row);
      const answer = await askProvider(provider, row, await providerBilling(row, offer));
      if (answer.kind === 'needsMsisdn') await deps.repo.abandon(row.id, 'msisdn required', deps.now().toISOString());
      else await deps.repo.setProviderRef(row.id, answer.providerRef, deps.now().toISOString());
      return { billing: { ...row, provider_ref: answer.kind === 'needsMsisdn' ? null : answer.providerRef }, answer };
    },

    /**
     * Changes the card of a running subscription (spec 3 §7 /billing/credit-card/update): a
     * CardUpdate billing of 0 bound to the subscription, then the provider's page for the new card.
     * Its event moves only the billing (ledger CardUpdated); the subscription keeps its token.
     */
    async startCardUpdate(
      input: CardStart & { productId: number },
    ): Promise<{ billing: BillingRow; answer: StartAnswer }> {
      const provider = providerFor(input.billingType, input.platform, input.declaredBillingTypes);
      const { customerId } = input.customer;
      if ((await deps.repo.offersOfProduct(input.productId)).length === 0)
        throw apiError(ApiErrorNumber.ProductNotFound);
      const at = deps.now();
      const running = await deps.repo.renewingSubscription(customerId, input.productId, provider.billingType);
      const offer = running ? await deps.repo.findOffer(running.offer_id) : undefined;
      if (!running?.provider_ref || !offer)
        throw apiError(ApiErrorNumber.BillingNotFound, 'no card subscription to update');
      const row = pendingBilling(at, input, cardBilling('CardUpdate', customerId, offer, provider, running.id));
      await deps.repo.insertBilling(row);
      return startCardPage(provider, row, {
        ...(await providerBilling(row, offer)),
        subscriptionRef: running.provider_ref,
      });
    },

    /**
     * Registers the card on file (spec 3 §7 /billing/credit-card/save, decision 083): a CardSave
     * billing of 0, then the provider's page where the card is typed and checked under 3-D Secure.
     * A registration this customer started within REGISTRATION_REUSE_MS and nobody finished is
     * offered again rather than a second one (a double submit starts one).
     */
    async startCardSave(input: CardStart): Promise<{ billing: BillingRow; answer: StartAnswer }> {
      const provider = providerFor(input.billingType, input.platform, input.declaredBillingTypes);
      const { customerId } = input.customer;
      const at = deps.now();
      const since = new Date(at.getTime() - REGISTRATION_REUSE_MS).toISOString();
      let row = await deps.repo.pendingCardSave(customerId, since);
      const offer = row ? await deps.repo.findOffer(row.offer_id) : await deps.repo.firstSubscriptionOffer();
      if (!offer) throw apiError(ApiErrorNumber.ProductNotFound);
      if (!row) {
        row = pendingBilling(at, input, cardBilling('CardSave', customerId, offer, provider, null));
        await deps.repo.insertBilling(row);
      }
      const billing = await providerBilling(row, offer);
      // The processor's page names what the holder agrees to: a card kept for later payments.
      return startCardPage(provider, row, { ...billing, offer: { ...billing.offer, name: CARD_SAVE_LABEL } });
    },

    /**
     * Where a billing stands (spec 3 §4 step 3). While Pending, the provider is asked (signed,
     * server to server) and its answer applied like a notification. `mayRead` says whether this
     * caller may see the billing (its owner, or the browser that started it).
     */
    async confirm(billingId: string, mayRead: (row: BillingRow) => boolean): Promise<BillingOutcome> {
      let row = await deps.repo.findBilling(billingId);
      if (!row || !mayRead(row)) throw apiError(ApiErrorNumber.BillingNotFound);
      if (row.state === 'Pending') {
        row = (await this.reconcile(row)) ?? row;
      }
      return outcome(row);
    },

    /** Asks the provider about a Pending billing and applies its answer (decision 025). */
    async reconcile(row: BillingRow): Promise<BillingRow | null> {
      const provider = deps.registry.get(row.billing_type);
      const offer = await deps.repo.findOffer(row.offer_id);
      if (!provider || !offer) return null;
      const event = await provider.status(await providerBilling(row, offer));
      if (event) await deps.events.apply(event);
      return (await deps.repo.findBilling(row.id)) ?? null;
    },

    outcome,
    findBilling: (id: string) => deps.repo.findBilling(id),
    /** The card on file's rows (decision 083), for the saved-card calls. */
    savedCardRows: {
      find: (customerId: number) => deps.repo.savedCard(customerId),
      hasRenewing: (customerId: number, billingType: string) => deps.repo.hasRenewing(customerId, billingType),
      remove: (customerId: number, token: string) =>
        deps.repo.removeSavedCard(customerId, token, deps.now().toISOString()),
    },
    /**
     * The one sign-in a payment gives the browser that started it (decision 052): only an account
     * the payment itself made, within SIGN_IN_WINDOW_MS of the payment, once.
     */
    claimSignIn: (billingId: string): Promise<boolean> => {
      const at = deps.now();
      const paidSince = new Date(at.getTime() - SIGN_IN_WINDOW_MS).toISOString();
      return deps.repo.claimSignIn(billingId, paidSince, at.toISOString());
    },
    /** A provider's own return call applies what it read at the provider (PayPal, decision 027). */
    applyEvent: (event: ProviderEvent) => deps.events.apply(event),
  };
}
export type Checkout = ReturnType<typeof createCheckout>;
export type { BillingRow } from './billings.repository';
