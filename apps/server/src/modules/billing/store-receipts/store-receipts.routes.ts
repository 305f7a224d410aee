import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, type Customer } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import type { CustomerAuth } from '../../../lib/access';
import { registerEndpoint } from '../../../lib/register-endpoint';
import type { ProviderRegistry } from '../providers/registry';
import { isStoreProvider } from '../providers/store-provider';
import type { ReceiptCall, StoreReceipts } from './store-receipts.service';

export interface StoreRouteDeps {
  receipts: StoreReceipts;
  registry: ProviderRegistry;
  checkResponses: boolean;
  /** The customer as GET /customer answers it ("Result 1 with Customer", spec 3 §7). */
  customerById: (customerId: number, sessionId: string) => Promise<Customer | null>;
}

/** The receipt calls of spec 3 §7 for the TV stores (decision 029): customer calls (11 without a session). */
export function registerStoreReceiptRoutes(app: FastifyInstance, deps: StoreRouteDeps) {
  const opts = { checkResponses: deps.checkResponses };

  const callOf = (
    auth: CustomerAuth,
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

  const receive =
    (routeName: string, mode: ReceiptCall['mode']) =>
    async ({ auth, body, request }: { auth: CustomerAuth; body: ReceiptCall['fields']; request: FastifyRequest }) => {
      await deps.receipts.receive(callOf(auth, request, routeName, body, mode));
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
  registerEndpoint(app, endpoints.saveBachat, receive('bachat', 'save'), opts);
  registerEndpoint(app, endpoints.saveOrangeAppshop, receive('orange-appshoptv', 'save'), opts);

  // Calls only one store has (Orange check and unsubscribe, BAchat deeplinks) live in its folder.
  const context = {
    ...{ receive: deps.receipts.receive, callOf, customerOf, opts },
    assertSoldTo: (call: ReceiptCall) => void deps.receipts.storeFor(call),
  };
  for (const provider of deps.registry.all())
    if (isStoreProvider(provider)) provider.registerStoreRoutes?.(app, context);
}
