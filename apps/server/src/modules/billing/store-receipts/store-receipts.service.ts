import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ApiErrorNumber,
  apiError,
  billingTypesAvailableOn,
  ENDED_STATUSES,
  firstCharge,
  isBillingType,
  PLATFORMS,
  storeAccountTokens,
} from '@playz/domain';
import type { Database } from '../../../db/schema';
import type { EventApplier } from '../checkout/apply-provider-event';
import { offerTerms } from '../checkout/offer-terms';
import type { BillingRow } from '../checkout/billings.repository';
import type { BillingBudgets } from '../checkout/start-budgets';
import type { ProviderEvent } from '../providers/payment-provider';
import type { ProviderRegistry } from '../providers/registry';
import {
  isStoreProvider,
  ReceiptNotValidError,
  type ReceiptCall,
  type StoreProvider,
  type VerifiedPurchase,
  type VerifiedReceipt,
  type VisitorIdentity,
} from '../providers/store-provider';
import type { PurchaseContentRequest } from '@playz/api-contract';
import type { StoredPurchaseContent } from '../checkout/apply-provider-event';
import { PURCHASE_ERRORS, PURCHASE_PRODUCT_OF, purchaseItemTag } from '../purchase-content';
import { TrialAlreadyUsedError } from './trial-already-used';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Store receipts (decision 029): a device bought in its store and posts the receipt; the store
 * confirms it server to server, then the purchase becomes provider events applied exactly once
 * (decision 025). The store's subscription is bound to the first customer that saved it: the
 * `paid:<subscriptionRef>` event key is unique per store, and another account presenting it gets 30.
 * A receipt that names its buying account (decision 073) is refused to every other account; a
 * store's free trial is believed once per customer and product (decision 072); a store's test
 * purchase only in the demo mode (decision 073).
 */
export function createStoreReceipts(deps: {
  db: Kysely<Database>;
  registry: ProviderRegistry;
  events: EventApplier;
  now: () => Date;
  log: Log;
  budgets: Pick<BillingBudgets, 'countReceiptCheck'>;
  /** The stores' test purchases (no money moved) count: the demo mode only (decision 073). */
  acceptTestPurchases: boolean;
  /** The label of a purchasable item, or null when it does not exist (20, 21, 100). */
  purchasableLabel: (content: PurchaseContentRequest) => Promise<string | null>;
  /** The offer an item names as its own (decision 073); null: none. */
  itemOffer: (content: PurchaseContentRequest) => Promise<number | null>;
}) {
  const { db } = deps;

  function storeFor(call: Pick<ReceiptCall, 'routeName' | 'platform' | 'declaredBillingTypes'>): StoreProvider {
    const provider = deps.registry.byRouteName(call.routeName);
    if (!isStoreProvider(provider) || !isBillingType(provider.billingType))
      throw apiError(ApiErrorNumber.BillingTypeNotFound);
    // The App Store belongs to no platform of spec 3 §4: its signed receipts prove where they come from.
    const someoneSellsIt = PLATFORMS.some(
      (p) => p !== call.platform && billingTypesAvailableOn(p).includes(provider.billingType),
    );
    const here = billingTypesAvailableOn(call.platform, call.declaredBillingTypes).includes(provider.billingType);
    if (!here && (someoneSellsIt || billingTypesAvailableOn(call.platform).includes(provider.billingType)))
      throw apiError(ApiErrorNumber.Forbidden, `${provider.routeName} is not sold on this platform`);
    return provider;
  }

  const subscriptionOf = (billingType: string, ref: string) =>
    db
      .selectFrom('subscriptions')
      .select(['id', 'customer_id', 'status', 'expiration_date', 'offer_id', 'price_cents', 'currency'])
      .where('billing_type', '=', billingType)
      .where('provider_ref', '=', ref)
      .orderBy('id', 'desc')
      .executeTakeFirst();

  /** The customer a store subscription is bound to: its first `paid` event's billing. */
  async function ownerOf(billingType: string, ref: string): Promise<number | null> {
    const row = await db
      .selectFrom('billing_events as e')
      .innerJoin('billings as b', 'b.id', 'e.billing_id')
      .select('b.customer_id')
      .where('e.billing_type', '=', billingType)
      .where('e.event_key', '=', `paid:${ref}`)
      .executeTakeFirst();
    if (row?.customer_id) return row.customer_id;
    return (await subscriptionOf(billingType, ref))?.customer_id ?? null;
  }

  /** The free first period is given once per customer and product (decision 025). */
  async function hadProduct(customerId: number, productId: number): Promise<boolean> {
    const row = await db
      .selectFrom('subscriptions as s')
      .innerJoin('offers as o', 'o.id', 's.offer_id')
      .select('s.id')
      .where('s.customer_id', '=', customerId)
      .where('o.product_id', '=', productId)
      .where('s.status', 'not in', ['PreOrder', 'Error'])
      .executeTakeFirst();
    return row !== undefined;
  }

  async function offerForSku(sku: string) {
    const offer = await db
      .selectFrom('offers')
      .selectAll()
      .where('sku', '=', sku)
      .where('type', '=', 'Subscription')
      // A replaced offer may share its SKU with the one on sale now (decision 099): new terms first.
      .orderBy((eb) => eb.case().when('hidden_at', 'is', null).then(0).else(1).end())
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!offer) throw apiError(ApiErrorNumber.ProductNotFound, `no offer sells the store SKU ${sku}`);
    return offer;
  }

  /** 30, logged with who asked and how (a refused restore reads differently from a refused save). */
  const refused = (call: ReceiptCall, reason: string) => {
    deps.log.warn(
      { reason, store: call.routeName, mode: call.mode, customerId: call.customerId },
      'store receipt refused',
    );
    return apiError(ApiErrorNumber.ReceiptNotValid, reason);
  };

  /** Terms later than ours that the store says were paid become one `renewed` event each. */
  async function syncTerms(store: StoreProvider, receipt: VerifiedReceipt) {
    const sub = await subscriptionOf(store.billingType, receipt.subscriptionRef);
    if (!sub) return;
    const base = {
      billingType: store.billingType,
      billingId: null,
      subscriptionRef: receipt.subscriptionRef,
      currency: receipt.currency ?? sub.currency ?? 'EUR',
    };
    // A store that states no price (Amazon's RVS) renewed at the subscription's own price.
    const amount = receipt.amountCents ?? sub.price_cents;
    // An ended subscription (cancelled, replaced by another Play token, refunded) is not renewed
    // by a later read of the same receipt: only the store's renewals of a running one count.
    if (
      receipt.active &&
      !(ENDED_STATUSES as readonly string[]).includes(sub.status) &&
      amount !== null &&
      receipt.expiresAt &&
      receipt.expiresAt.getTime() > Date.parse(sub.expiration_date)
    )
      await deps.events.apply({
        ...base,
        key: `term:${receipt.termKey}`,
        kind: 'renewed',
        amountCents: amount,
        expiresAt: receipt.expiresAt.toISOString(),
        providerRef: receipt.providerRef ?? null,
      });
    if (!receipt.renewing)
      await deps.events.apply({
        ...base,
        key: `cancelled:${receipt.subscriptionRef}`,
        kind: 'cancelled',
        amountCents: 0,
        detail: 'cancelled at the store',
      });
  }

  /** A new store subscription: a billing for it, then its `paid` event (the binding). */
  async function firstSave(store: StoreProvider, receipt: VerifiedReceipt, call: ReceiptCall): Promise<void> {
    const offer = await offerForSku(receipt.sku);
    // The store gives its trial to each new store account; ours is once per customer and product,
    // as the web checkout gives it (decision 025). The trial runs on at the store, unacknowledged
    // where the store has that (Google refunds it), until the viewer cancels it (decision 072).
    if (receipt.storeTrial && (await hadProduct(call.customerId, offer.product_id))) {
      deps.log.warn(
        { reason: 'trial already used', store: call.routeName, mode: call.mode, customerId: call.customerId },
        'store receipt refused',
      );
      throw new TrialAlreadyUsedError();
    }
    // A store that states no price (Dummy) charges the offer's first term (decision 025 terms).
    const charged =
      receipt.amountCents ??
      firstCharge(offerTerms(offer), await hadProduct(call.customerId, offer.product_id), deps.now()).amountCents;
    const currency = receipt.currency ?? offer.currency;
    const trial = charged === 0 && offer.free_trial_days > 0;
    const prices = [offer.price_cents, offer.promo_price_cents].filter((p): p is number => p !== null);
    if (!trial && (!prices.includes(charged) || currency !== offer.currency))
      throw refused(call, `${store.routeName} charged ${charged} ${currency} for ${receipt.sku}`);
    if (receipt.replacesRef) {
      // Google Play upgrade or resubscribe: the old token stops giving access now, so one
      // purchase never counts twice (decision 029).
      const old = await subscriptionOf(store.billingType, receipt.replacesRef);
      if (old && old.customer_id !== call.customerId)
        throw refused(call, 'the replaced purchase belongs to another account');
      if (old)
        await deps.events.apply({
          ...{ billingType: store.billingType, billingId: null, subscriptionRef: receipt.replacesRef },
          ...{ key: `replaced:${receipt.replacesRef}`, kind: 'cancelled', amountCents: 0, currency },
          ...{ expiresAt: deps.now().toISOString(), detail: `replaced by ${receipt.subscriptionRef}` },
        });
    }
    const at = deps.now().toISOString();
    const billing: BillingRow = {
      id: randomBytes(12).toString('hex'),
      customer_id: call.customerId,
      offer_id: offer.id,
      billing_type: store.billingType,
      kind: 'Subscription',
      state: 'Pending',
      amount_cents: charged,
      currency,
      trial_days: trial ? offer.free_trial_days : 0,
      purchase_content: null,
      operator_id: null,
      msisdn: null,
      requested_url: null,
      platform: call.platform,
      provider_ref: receipt.providerRef ?? receipt.subscriptionRef,
      failure: null,
      subscription_id: null,
      purchase_id: null,
      created_at: at,
      updated_at: at,
      // A receipt is saved by its signed-in account: no browser to bind, no sign-in to give.
      holder_hash: null,
      created_customer: 0,
      paid_at: null,
      signed_in_at: null,
    };
    await db.insertInto('billings').values(billing).execute();
    const event: ProviderEvent = {
      billingType: store.billingType,
      key: `paid:${receipt.subscriptionRef}`,
      kind: 'paid',
      billingId: billing.id,
      subscriptionRef: receipt.subscriptionRef,
      amountCents: charged,
      currency,
      providerRef: receipt.providerRef ?? receipt.subscriptionRef,
      expiresAt: receipt.expiresAt && receipt.expiresAt.getTime() > Date.now() ? receipt.expiresAt.toISOString() : null,
    };
    const applied = await deps.events.apply(event);
    if (applied.outcome === 'applied') return;
    // Saved at the same moment by another call: its event won, this billing never pays.
    await db
      .updateTable('billings')
      .set({ state: 'Abandoned', failure: `receipt ${applied.outcome}`, updated_at: deps.now().toISOString() })
      .where('id', '=', billing.id)
      .where('state', '=', 'Pending')
      .execute();
    if ((await ownerOf(store.billingType, receipt.subscriptionRef)) !== call.customerId)
      throw refused(call, 'receipt already used by another account');
  }

  /** The key that binds a store's one-off transaction to the one billing it paid (decision 093). */
  const purchaseKey = (ref: string) => `purchase:${ref}`;

  /** The billing a store transaction already paid, with what it bought and for whom. */
  const purchaseBillingOf = (billingType: string, ref: string) =>
    db
      .selectFrom('billing_events as e')
      .innerJoin('billings as b', 'b.id', 'e.billing_id')
      .select(['b.id', 'b.customer_id', 'b.purchase_content', 'b.state'])
      .where('e.billing_type', '=', billingType)
      .where('e.event_key', '=', purchaseKey(ref))
      .executeTakeFirst();

  const sameItem = (stored: string | null, item: PurchaseContentRequest) => {
    const content = JSON.parse(stored ?? 'null') as StoredPurchaseContent | null;
    return content?.contentType === item.contentType && content.contentTypeID === item.contentTypeID;
  };

  /**
   * Whether this transaction already bought this item for this customer (a device's retry, a
   * second install): nothing new then. Any other use of it — another account, another item — is 30.
   */
  async function alreadyGranted(call: ReceiptCall, store: StoreProvider, ref: string, item: PurchaseContentRequest) {
    const earlier = await purchaseBillingOf(store.billingType, ref);
    if (!earlier) return false;
    if (earlier.customer_id !== call.customerId) throw refused(call, 'purchase already used by another account');
    if (!sameItem(earlier.purchase_content, item)) throw refused(call, 'purchase already used for another item');
    return true;
  }

  /** The Purchase offer that sells this store product for this kind of item (spec 3 §3). */
  async function purchaseOfferFor(call: ReceiptCall, receipt: VerifiedPurchase, item: PurchaseContentRequest) {
    const offer = await db
      .selectFrom('offers')
      .selectAll()
      .where('sku', '=', receipt.sku)
      .where('type', '=', 'Purchase')
      .executeTakeFirst();
    if (!offer) throw refused(call, `${receipt.sku} is not a single purchase`);
    // A film's rental receipt does not buy a live event's pass, nor the reverse.
    if (offer.product !== PURCHASE_PRODUCT_OF[item.contentType])
      throw refused(call, `${receipt.sku} does not buy a ${item.contentType}`);
    const own = await deps.itemOffer(item);
    if (own !== null && own !== offer.id) throw refused(call, `this ${item.contentType} is sold at its own offer only`);
    return offer;
  }

  return {
    storeFor,

    /**
     * Save or restore (spec 3 §7): verified at the store, bound to this customer once, its newer
     * terms and cancellation applied. Answers nothing: the caller answers the customer as it is now.
     */
    async receive(call: ReceiptCall): Promise<void> {
      const store = storeFor(call);
      await deps.budgets.countReceiptCheck({ ip: call.ip, customerId: call.customerId });
      let receipt: VerifiedReceipt;
      try {
        receipt =
          call.verified ??
          (await store.verifyReceipt(call.fields, { customerId: call.customerId, country: call.country }));
      } catch (error) {
        if (error instanceof ReceiptNotValidError) throw refused(call, `${store.routeName}: ${error.message}`);
        throw error;
      }
      if (receipt.testPurchase && !deps.acceptTestPurchases)
        throw refused(call, `${store.routeName}: a test purchase of the store (no money moved)`);
      // The account the app named at purchase (decision 073); receipts without one (older apps,
      // other stores) stay bound to their first saver below.
      if (receipt.accountToken) {
        const ours = (await storeAccountTokens(String(call.customerId)))[receipt.accountToken.store];
        if (receipt.accountToken.value !== ours) throw refused(call, 'the store purchase names another account');
      }
      const owner = await ownerOf(store.billingType, receipt.subscriptionRef);
      if (owner !== null && owner !== call.customerId) throw refused(call, 'receipt already used by another account');
      if (owner === null) {
        // Restore finds what was bought; a purchase the store no longer honours is not one (spec 3 §4 Amazon).
        if (!receipt.active) throw refused(call, `${store.routeName}: the store no longer gives access`);
        await firstSave(store, receipt, call);
      }
      await syncTerms(store, receipt);
      await receipt.accepted?.();
    },

    /**
     * A one-off store purchase (a rental, a live-event pass; decision 093): verified at the store,
     * then one Purchase billing and its `paid` event keyed by the store's transaction, so one
     * transaction grants one item to one customer once — the same purchase rows a card gives.
     */
    async receivePurchase(call: ReceiptCall, item: PurchaseContentRequest): Promise<void> {
      const store = storeFor(call);
      if (!store.verifyPurchase)
        throw apiError(ApiErrorNumber.BillingTypeNotFound, `${store.routeName} sells subscriptions only`);
      // The item first: a typo spends no budget and asks no store.
      const label = await deps.purchasableLabel(item);
      if (label === null) throw apiError(PURCHASE_ERRORS[item.contentType]);
      await deps.budgets.countReceiptCheck({ ip: call.ip, customerId: call.customerId });
      let receipt: VerifiedPurchase;
      try {
        receipt = await store.verifyPurchase(call.fields, { customerId: call.customerId, country: call.country });
      } catch (error) {
        if (error instanceof ReceiptNotValidError) throw refused(call, `${store.routeName}: ${error.message}`);
        throw error;
      }
      if (receipt.testPurchase && !deps.acceptTestPurchases)
        throw refused(call, `${store.routeName}: a test purchase of the store (no money moved)`);
      if (receipt.accountToken) {
        const ours = (await storeAccountTokens(String(call.customerId)))[receipt.accountToken.store];
        if (receipt.accountToken.value !== ours) throw refused(call, 'the store purchase names another account');
      }
      if (receipt.itemTag && receipt.itemTag !== purchaseItemTag(item))
        throw refused(call, 'the store purchase was made for another item');
      if (await alreadyGranted(call, store, receipt.transactionRef, item)) return;
      if (!receipt.active) throw refused(call, `${store.routeName}: the store no longer honours this purchase`);
      const offer = await purchaseOfferFor(call, receipt, item);
      const charged = receipt.amountCents ?? offer.price_cents;
      const currency = receipt.currency ?? offer.currency;
      if (charged !== offer.price_cents || currency !== offer.currency)
        throw refused(call, `${store.routeName} charged ${charged} ${currency} for ${receipt.sku}`);
      const at = deps.now().toISOString();
      const stored: StoredPurchaseContent = { ...item, label, hours: offer.purchase_hours };
      const billing: BillingRow = {
        id: randomBytes(12).toString('hex'),
        customer_id: call.customerId,
        offer_id: offer.id,
        billing_type: store.billingType,
        kind: 'Purchase',
        state: 'Pending',
        amount_cents: charged,
        currency,
        trial_days: 0,
        purchase_content: JSON.stringify(stored),
        operator_id: null,
        msisdn: null,
        requested_url: null,
        platform: call.platform,
        provider_ref: receipt.transactionRef,
        failure: null,
        subscription_id: null,
        purchase_id: null,
        created_at: at,
        updated_at: at,
        holder_hash: null,
        created_customer: 0,
        paid_at: null,
        signed_in_at: null,
      };
      await db.insertInto('billings').values(billing).execute();
      const applied = await deps.events.apply({
        billingType: store.billingType,
        key: purchaseKey(receipt.transactionRef),
        kind: 'paid',
        billingId: billing.id,
        subscriptionRef: null,
        amountCents: charged,
        currency,
        providerRef: receipt.transactionRef,
      });
      if (applied.outcome !== 'applied') {
        // Posted at the same moment by another call: its event won, this billing never pays.
        await db
          .updateTable('billings')
          .set({ state: 'Abandoned', failure: `purchase ${applied.outcome}`, updated_at: deps.now().toISOString() })
          .where('id', '=', billing.id)
          .where('state', '=', 'Pending')
          .execute();
        if (!(await alreadyGranted(call, store, receipt.transactionRef, item)))
          throw refused(call, `purchase ${applied.outcome}`);
      }
      await receipt.accepted?.();
    },

    /**
     * Who a visitor's box is, confirmed at its store (spec 1 §6, spec 3 §4; decision 089): 11 on a
     * store that knows no viewer without an account, 30 for an identity the store does not confirm
     * (a forged ise2 or apitoken, a code BAchat never gave or gave for a customer).
     */
    async identifyVisitor(
      call: Pick<ReceiptCall, 'routeName' | 'platform' | 'declaredBillingTypes' | 'fields' | 'ip'>,
    ): Promise<VisitorIdentity> {
      const store = storeFor(call);
      if (!store.identifyVisitor) throw apiError(ApiErrorNumber.AuthenticationFailed);
      // No account yet: the address's budget alone stands between a visitor and the store's API.
      await deps.budgets.countReceiptCheck({ ip: call.ip, customerId: null });
      const refuse = (reason: string) => {
        deps.log.warn({ reason, store: call.routeName, ip: call.ip }, 'store visitor identity refused');
        return apiError(ApiErrorNumber.ReceiptNotValid, `${store.routeName}: ${reason}`);
      };
      let identity: VisitorIdentity;
      try {
        identity = await store.identifyVisitor(call.fields);
      } catch (error) {
        if (error instanceof ReceiptNotValidError) throw refuse(error.message);
        throw error;
      }
      // A one-time code proves the box that activated it, once: a saved contract's code read off
      // the screen (or a log) signs nobody in again, whether or not BAchat spends it.
      if (identity.receipt && (await ownerOf(store.billingType, identity.receipt.subscriptionRef)) !== null)
        throw refuse('this code was already used');
      return identity;
    },

    /** The store subscription of a customer for a store (unsubscribe calls of a store). */
    async customerSubscription(billingType: string, customerId: number) {
      return db
        .selectFrom('subscriptions')
        .select(['id', 'status', 'provider_ref', 'expiration_date'])
        .where('billing_type', '=', billingType)
        .where('customer_id', '=', customerId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
  };
}
export type StoreReceipts = ReturnType<typeof createStoreReceipts>;
