import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type Customer } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CustomerAuth, VisitorAuth } from '../../../lib/access';
import { registerEndpoint } from '../../../lib/register-endpoint';
import type { ProviderRegistry } from '../providers/registry';
import { isStoreProvider, type StoreRouteContext, type VisitorIdentity } from '../providers/store-provider';
import type { ReceiptCall } from '../providers/store-provider';
import type { StoreReceipts } from './store-receipts.service';
import { parsePurchaseContent } from '../purchase-content';

export interface StoreRouteDeps {
  receipts: StoreReceipts;
  registry: ProviderRegistry;
  checkResponses: boolean;
  /** The customer as GET /customer answers it ("Result 1 with Customer", spec 3 §7). */
  customerById: (customerId: number, sessionId: string) => Promise<Customer | null>;
  /**
   * The account bound to a store-confirmed identity (decision 089), made once when `make`; null
   * when none is bound and `make` is false.
   */
  customerForExternalIdentity: (kind: string, externalId: string, make: boolean) => Promise<number | null>;
  /** Starts a session for the account on the calling box and sends it (cookie, x-playz-token). */
  signIn: (request: FastifyRequest, reply: FastifyReply, customerId: number) => Promise<CustomerAuth>;
  /** The Customer of a visitor (spec 1 §7). */
  visitorCustomer: (request: FastifyRequest) => Promise<Customer>;
}

/** The receipt calls of spec 3 §7 for the TV stores (decision 029): customer calls (11 without a session). */
export function registerStoreReceiptRoutes(app: FastifyInstance, deps: StoreRouteDeps) {
  const opts = { checkResponses: deps.checkResponses };

  const callOf = (
    auth: Pick<CustomerAuth, 'customerId'>,
    request: FastifyRequest,
    routeName: string,
    fields: ReceiptCall['fields'],
    mode: ReceiptCall['mode'],
  ): ReceiptCall => ({
    routeName,
    fields,
    mode,
    customerId: auth.customerId,
    platform: request.common.platform,
    declaredBillingTypes: request.common.billingTypes,
    country: request.common.country,
    ip: request.ip,
  });

  /** The account deleted while its receipt was saved answers as the ended session it is (11). */
  async function customerOf(auth: CustomerAuth): Promise<Customer> {
    const customer = await deps.customerById(auth.customerId, auth.sessionId);
    if (!customer) throw apiError(ApiErrorNumber.AuthenticationFailed);
    return customer;
  }

  /**
   * Visitors on the Orange box and the BBox (spec 1 §6, spec 3 §4; decision 089): the identity the
   * store confirms server to server, never what the box says alone, then the account bound to it,
   * signed in on this box. A refused identity (30) makes no account and starts no session.
   */
  const signedIn: StoreRouteContext['signedIn'] = async (auth, request, reply, routeName, fields, make) => {
    const signedInAlready = auth.customer;
    if (signedInAlready)
      return { customerId: signedInAlready.customerId, session: () => Promise.resolve(signedInAlready) };
    const identity: VisitorIdentity = await deps.receipts.identifyVisitor({
      ...{ routeName, fields, ip: request.ip },
      ...{ platform: request.common.platform, declaredBillingTypes: request.common.billingTypes },
    });
    const customerId = await deps.customerForExternalIdentity(identity.kind, identity.externalId, make(identity));
    if (customerId === null) return null;
    return { customerId, verified: identity.receipt, session: () => deps.signIn(request, reply, customerId) };
  };

  /** Save on a store that knows its viewers without an account: a visitor is signed in first. */
  const saveAnyone =
    (routeName: string) =>
    async (input: { auth: VisitorAuth; body: ReceiptCall['fields']; request: FastifyRequest; reply: FastifyReply }) => {
      const who = await signedIn(input.auth, input.request, input.reply, routeName, input.body, () => true);
      if (!who) throw apiError(ApiErrorNumber.AuthenticationFailed);
      const call = callOf(who, input.request, routeName, input.body, 'save');
      await deps.receipts.receive({ ...call, verified: who.verified });
      return { Result: 1 as const, Customer: await customerOf(await who.session()) };
    };

  const receive =
    (routeName: string, mode: ReceiptCall['mode']) =>
    async ({ auth, body, request }: { auth: CustomerAuth; body: ReceiptCall['fields']; request: FastifyRequest }) => {
      // A receipt posted with the item it bought is a one-off purchase (decision 093).
      const item = parsePurchaseContent(body.purchase_content);
      if (item) await deps.receipts.receivePurchase(callOf(auth, request, routeName, body, mode), item);
      else await deps.receipts.receive(callOf(auth, request, routeName, body, mode));
      return { Result: 1 as const, Customer: await customerOf(auth) };
    };

  registerEndpoint(app, endpoints.saveDummy, receive('dummy', 'save'), opts);
  registerEndpoint(app, endpoints.restoreDummy, receive('dummy', 'restore'), opts);
  registerEndpoint(app, endpoints.saveSamsungCheckout, receive('samsung-checkout', 'save'), opts);
  registerEndpoint(app, endpoints.restoreSamsungCheckout, receive('samsung-checkout', 'restore'), opts);
  registerEndpoint(app, endpoints.saveAmazonPay, receive('amazon-pay', 'save'), opts);
  registerEndpoint(app, endpoints.restoreAmazonPay, receive('amazon-pay', 'restore'), opts);
  registerEndpoint(app, endpoints.saveGooglePlay, receive('google-play', 'save'), opts);
  registerEndpoint(app, endpoints.saveAppStore, receive('app-store', 'save'), opts);
  registerEndpoint(app, endpoints.saveBachat, saveAnyone('bachat'), opts);
  registerEndpoint(app, endpoints.saveOrangeAppshop, saveAnyone('orange-appshoptv'), opts);

  // Calls only one store has (Orange check and unsubscribe, BAchat deeplinks) live in its folder.
  const context: StoreRouteContext = {
    ...{ receive: deps.receipts.receive, callOf, customerOf, opts, signedIn },
    visitorCustomer: deps.visitorCustomer,
    assertSoldTo: (call: ReceiptCall) => void deps.receipts.storeFor(call),
  };
  for (const provider of deps.registry.all())
    if (isStoreProvider(provider)) provider.registerStoreRoutes?.(app, context);
}
