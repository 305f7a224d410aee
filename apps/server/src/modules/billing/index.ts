import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Customer, PurchaseContentRequest } from '@playz/api-contract';
import type { Database } from '../../db/schema';
import { createBillingRepository } from './billing.repository';
import { registerBillingRoutes } from './billing.routes';
import { createBillingService } from './billing.service';
import { createEventApplier, type CustomerMaker } from './checkout/apply-provider-event';
import { announcingChanges } from './checkout/announce-changes';
import { createBillingBudgets } from './checkout/start-budgets';
import { createBillingsRepository } from './checkout/billings.repository';
import { registerCheckoutRoutes } from './checkout/checkout.routes';
import { createCheckout } from './checkout/checkout.service';
import { createMarketingTrackers } from './checkout/marketing-trackers';
import type { BillingConfig } from './providers/config';
import { createProviders } from './providers/create-providers';
import { createProviderRegistry } from './providers/registry';
import { loadStandIns } from './providers/stand-ins';
import { registerStoreReceiptRoutes, type StoreRouteDeps } from './store-receipts/store-receipts.routes';
import { createStoreReceipts } from './store-receipts/store-receipts.service';
import { createStoreNotifications } from './store-notifications/store-notifications';
import { isStoreProvider } from './providers/store-provider';
import { createBillingJob, type BillingJob } from './lifecycle/billing-job';
import { createCrossScreenRepository } from './cross-screen/cross-screen.repository';
import { registerCrossScreenRoutes } from './cross-screen/cross-screen.routes';
import { createCrossScreen } from './cross-screen/cross-screen.service';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { PaidMessages } from '../../adapters/paid-messages';
import { registerApiCalls } from '../../plugins/api-scope';
import { callerOf, sendSession } from '../../sessions/caller';
import { customerAuthOf } from '../../lib/access';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { createBillingSupportView, type BillingSupportView } from './support-view';
import { createBillingSupportActions, type BillingSupportActions } from './support-actions';
import { createMoneyCharts, type MoneyCharts } from './money-charts';

export type { BillingConfig } from './providers/config';
export { offerTerms } from './checkout/offer-terms';
export type { BillingJob, BillingJobReport } from './lifecycle/billing-job';
export type { MoneyByDay } from './money-charts';

declare module 'fastify' {
  interface FastifyInstance {
    billingJob: BillingJob;
    /** What the console's support screens read of a customer's money (decision 080). */
    billingSupport: BillingSupportView & Omit<BillingSupportActions, 'payments'>;
    /** The console's money charts, per day (decision 091). */
    billingCharts: MoneyCharts;
  }
}

/** Builds billing from what the other modules answer. */
function buildBilling(deps: {
  db: Kysely<Database>;
  config: BillingConfig;
  publicUrl: string;
  /** The customer an operator payment without an account is for (accounts module). */
  customerForMsisdn: (msisdn: string) => Promise<CustomerMaker>;
  purchasableLabel: (content: PurchaseContentRequest) => Promise<string | null>;
  /** The offer an item names as its own (spec 2 productPriceID), null when none (decision 073). */
  itemOffer: (content: PurchaseContentRequest) => Promise<number | null>;
  signInCustomer: (request: FastifyRequest, reply: FastifyReply, customerId: number) => Promise<string | null>;
  /** The customer as GET /customer answers it (store receipts answer it, spec 3 §7). */
  customerById: (customerId: number, sessionId: string) => Promise<Customer | null>;
  /** Visitors the Orange box and the BBox know without an account (decision 089). */
  externalCustomers: Pick<StoreRouteDeps, 'customerForExternalIdentity' | 'signIn' | 'visitorCustomer'>;
  log: FastifyInstance['log'];
  limiter: RateLimiter;
  /** The budgeted SMS and mail senders (decision 050). */
  messages: PaidMessages;
  /** Told after money changed a customer's rights (the `subscription.changed` event). */
  rightsChanged(customerId: number): Promise<void>;
  /** The hosts marketing tags may load from (decision 088): trackers needing others are trimmed. */
  tagHosts?: readonly string[];
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const registry = createProviderRegistry(createProviders(deps.config, { publicUrl: deps.publicUrl }));
  const events = announcingChanges(
    createEventApplier({ db: deps.db, now, customerForMsisdn: deps.customerForMsisdn }),
    { db: deps.db, onChanged: deps.rightsChanged, log: deps.log },
  );
  const billingsRepo = createBillingsRepository(deps.db);
  // Payment starts and receipt checks per address, account and line (decision 063).
  const budgets = createBillingBudgets(deps.limiter, now);
  const checkout = createCheckout({
    ...{ repo: billingsRepo, registry, events, publicUrl: deps.publicUrl, now, budgets },
    ...{ purchasableLabel: deps.purchasableLabel, itemOffer: deps.itemOffer },
  });
  const repo = createBillingRepository(deps.db);
  const billing = createBillingService({
    ...{ repo, registry, events, now: deps.now },
    log: deps.log,
  });
  const trackers = createMarketingTrackers(deps.db, deps.tagHosts ?? []);
  const crossScreen = createCrossScreen({
    ...{ repo: createCrossScreenRepository(deps.db), limiter: deps.limiter, messages: deps.messages },
    ...{ purchasableLabel: deps.purchasableLabel, itemOffer: deps.itemOffer, publicUrl: deps.publicUrl, now },
  });
  const job = createBillingJob({
    ...{ db: deps.db, registry, events, checkout, now, log: deps.log },
    rightsChanged: deps.rightsChanged,
  });
  // Support's goodwill days and refunds go through the same applier and providers (decision 084).
  const support = createBillingSupportActions({
    ...{ db: deps.db, registry, events, now, log: deps.log },
    rightsChanged: deps.rightsChanged,
  });
  return {
    billing,
    checkout,
    events,
    registry,
    job,
    support,
    /** Provider notifications (outside /api/1.2) and, without real providers, their stand-ins. */
    async registerRoot(app: FastifyInstance) {
      // The operator's CLI and tests driving a clock run the job through the app.
      app.decorate('billingJob', job);
      for (const provider of registry.all())
        provider.registerRoutes?.(app, { applyEvent: (event) => events.apply(event), publicUrl: deps.publicUrl });
      // The stores' server notifications go through the same applier (decision 085).
      const notifications = createStoreNotifications({
        db: deps.db,
        apply: (e) => events.apply(e),
        now,
        log: deps.log,
      });
      for (const provider of registry.all())
        if (isStoreProvider(provider)) provider.registerNotifications?.(app, notifications);
      // Only the demo mode ever has stand-ins (config.ts, decision 047).
      const standIns = [...deps.config.sandboxes, ...deps.config.stores.sandboxes];
      if (standIns.length > 0) {
        const { paymentSandboxes } = await loadStandIns();
        await app.register(paymentSandboxes, {
          prefix: '/sandbox',
          only: standIns,
          // The store stand-ins tell this server what changed, as the stores do (decision 085).
          notificationsTo: deps.publicUrl,
          log: (line: string) => app.log.warn(line),
        });
        app.log.warn(`demo mode: payments go to the local stand-ins (${standIns.join(', ')}), no real money moves`);
      }
    },
    registerApi(api: FastifyInstance, opts: { checkResponses: boolean; secureCookies: boolean }) {
      registerBillingRoutes(api, { billing, checkResponses: opts.checkResponses });
      registerCrossScreenRoutes(api, { crossScreen, checkResponses: opts.checkResponses });
      registerStoreReceiptRoutes(api, {
        receipts: createStoreReceipts({
          ...{ db: deps.db, registry, events, now, log: api.log, budgets },
          acceptTestPurchases: deps.config.stores.testPurchases,
          ...{ purchasableLabel: deps.purchasableLabel, itemOffer: deps.itemOffer },
        }),
        registry,
        checkResponses: opts.checkResponses,
        customerById: deps.customerById,
        ...deps.externalCustomers,
      });
      registerCheckoutRoutes(api, {
        ...{ checkout, registry, checkResponses: opts.checkResponses, secureCookies: opts.secureCookies },
        marketingTrackers: trackers.forProduct,
        isProductSold: (productId) => repo.isProductSold(productId),
        signInCustomer: deps.signInCustomer,
      });
    },
  };
}

/**
 * Billing (spec 3, decision 025): the checkout, the providers behind one interface, the event
 * applier that makes money exactly-once, unsubscribe. Other modules reach it through this index.
 */
export default fp(
  async (app) => {
    const { accounts, catalogue, config } = app;
    const billing = buildBilling({
      ...{ db: app.db, now: app.now, config: config.billing, publicUrl: config.publicUrl, log: app.log },
      ...{ limiter: app.limiter, messages: app.messages, tagHosts: config.marketingTagHosts },
      customerForMsisdn: (msisdn) => accounts.customerForMsisdn(msisdn),
      purchasableLabel: async ({ contentType, contentTypeID }) => {
        if (contentType === 'Content') return (await catalogue.rows.getContent(contentTypeID))?.title ?? null;
        if (contentType === 'ContentList') return (await catalogue.rows.getList(contentTypeID))?.name ?? null;
        return (await catalogue.getLiveEvent(String(contentTypeID)).catch(() => null))?.name ?? null;
      },
      // A content an editor sells alone names its offer (decision 107); lists name none yet.
      itemOffer: async ({ contentType, contentTypeID }) => {
        if (contentType === 'Content') return catalogue.rows.soldAloneAt(contentTypeID);
        if (contentType === 'ContentList') return null;
        return (await catalogue.getLiveEvent(String(contentTypeID)).catch(() => null))?.productPriceID ?? null;
      },
      signInCustomer: async (request, reply, customerId) => {
        const token = await accounts.service.startSession(customerId, callerOf(request).device);
        sendSession(request, reply, app.sessionCookies, token);
        return (await accounts.service.customerById(customerId))?.login ?? null;
      },
      customerById: (customerId, sessionId) => accounts.service.customerById(customerId, sessionId),
      externalCustomers: {
        customerForExternalIdentity: async (kind, externalId, make) =>
          (await accounts.customerForExternalIdentity(kind, externalId, make))?.id ?? null,
        signIn: async (request, reply, customerId) => {
          const token = await accounts.service.startSession(customerId, callerOf(request).device);
          sendSession(request, reply, app.sessionCookies, token);
          const session = await app.sessions.findValid(token);
          if (!session) throw apiError(ApiErrorNumber.AuthenticationFailed);
          return customerAuthOf(session);
        },
        visitorCustomer: (request) =>
          accounts.service.currentCustomer({ customer: null }, { ...callerOf(request), cuid: request.common.cuid }),
      },
      rightsChanged: (customerId) => app.events.emit('subscription.changed', { customerId }),
    });
    await registerApiCalls(app, (api) =>
      billing.registerApi(api, { checkResponses: app.checkResponses, secureCookies: config.isHttps }),
    );
    await billing.registerRoot(app);
    const { payments, ...supportActions } = billing.support;
    app.decorate('billingSupport', { ...createBillingSupportView(app.db, payments), ...supportActions });
    app.decorate('billingCharts', createMoneyCharts(app.db));
  },
  { name: 'playz-billing', dependencies: ['playz-accounts', 'playz-catalogue', 'playz-limiter', 'playz-events'] },
);
