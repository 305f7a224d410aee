import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, type Customer } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
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

/** The receipt calls of spec 3 §7 for the TV stores (decision 029); all need a session (11). */
export function registerStoreReceiptRoutes(app: FastifyInstance, deps: StoreRouteDeps) {
  const opts = { checkResponses: deps.checkResponses, session: 'required' as const };

  const callOf = (
    request: FastifyRequest,
    routeName: string,
    fields: ReceiptCall['fields'],
    mode: ReceiptCall['mode'],
  ): ReceiptCall => ({
    routeName,
    fields,
    mode,
    customerId: request.session!.customerId,
    platform: request.common.platform,
    declaredBillingTypes: request.common.billingTypes,
    country: request.common.country,
  });

  async function customerOf(request: FastifyRequest): Promise<Customer> {
    const customer = await deps.customerById(request.session!.customerId, request.session!.id);
    if (!customer) throw apiError(ApiErrorNumber.AuthenticationFailed);
    return customer;
  }

  const receive =
    (routeName: string, mode: ReceiptCall['mode']) =>
    async ({ body, request }: { body: ReceiptCall['fields']; request: FastifyRequest }) => {
      await deps.receipts.receive(callOf(request, routeName, body, mode));
      return { Result: 1 as const, Customer: await customerOf(request) };
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
