import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { registerEndpoint } from '../../../../lib/register-endpoint';
import type { ProviderEvent } from '../payment-provider';
import {
  ReceiptNotValidError,
  storeRenewalEvent,
  startsOnDevice,
  toCents,
  type StoreProvider,
  type StoreRouteContext,
  type VerifiedReceipt,
} from '../store-provider';
import { BachatRefusal, type BachatClient, type BachatContract } from './client';

const BILLING_TYPE = 'BAchat' as const;
/** spec 3 §4 BAchat: "Unsubscribe of SKU subscription_1_99 calls the server, others open the cancellation link". */
export const SERVER_CANCELLED_SKU = 'subscription_1_99';

/**
 * BAchat's customer reference of an activation link asked for by a visitor (decision 089): never a
 * customer id, so a contract made for a customer is never taken for a visitor's, nor the reverse.
 */
export const VISITOR_REF = 'visitor';

export function bachatReceipt(c: BachatContract, now: Date): VerifiedReceipt {
  const end = new Date(c.endDate);
  return {
    subscriptionRef: c.contractId,
    termKey: `${c.contractId}:${c.endDate}`,
    sku: c.sku,
    amountCents: toCents(c.price),
    currency: c.currency,
    expiresAt: end,
    active: end.getTime() > now.getTime(),
    renewing: c.status === 'active',
    providerRef: c.externalContractId,
  };
}

/**
 * BAchat on the BBox (Android TV, spec 3 §4 BAchat, §7 bachat save otp_code and GET deeplink;
 * decision 029): the app opens the activation link, the viewer confirms on the BBox page, the app
 * posts the one-time code the page gave; the server redeems it at BAchat for the contract.
 */
export function createBachatProvider(deps: { client: BachatClient }) {
  const { client } = deps;
  async function redeem(otpCode: string): Promise<BachatContract> {
    try {
      return await client.redeem(otpCode);
    } catch (error) {
      if (error instanceof BachatRefusal) throw new ReceiptNotValidError(`otp_code: ${error.message}`);
      throw error;
    }
  }
  const provider: StoreProvider & {
    deeplinks(customerId: number | null): ReturnType<BachatClient['deeplinks']>;
  } = {
    billingType: BILLING_TYPE,
    routeName: 'bachat',
    start: async () => startsOnDevice(),
    status: async () => null,

    async verifyReceipt(fields, caller) {
      const contract = await redeem(fields.otp_code ?? '');
      // The activation link carried the customer's id as BAchat's customer reference (deeplinks):
      // a contract made for another customer is theirs, even with its one-time code in hand
      // (an 8-digit code another account guessed, read or was sent).
      if (contract.customerRef !== String(caller.customerId))
        throw new ReceiptNotValidError('the contract was activated for another customer');
      return bachatReceipt(contract, new Date());
    },

    /**
     * A visitor is known by the contract's external_contract_id (spec 3 §4, decision 089): the
     * contract BAchat gives back for the one-time code of an activation the visitor's link opened.
     */
    async identifyVisitor(fields) {
      const contract = await redeem(fields.otp_code ?? '');
      if (contract.customerRef !== VISITOR_REF)
        throw new ReceiptNotValidError('the contract was activated for a customer, who saves it signed in');
      return {
        kind: 'bachat-contract',
        externalId: contract.externalContractId,
        receipt: bachatReceipt(contract, new Date()),
      };
    },

    /** The links carry our customer id as BAchat's customer reference, a visitor's VISITOR_REF. */
    deeplinks: (customerId) => client.deeplinks(customerId === null ? VISITOR_REF : String(customerId)),

    async charge(charge): Promise<ProviderEvent> {
      const receipt = bachatReceipt(await client.read(charge.subscriptionRef), new Date());
      return storeRenewalEvent(BILLING_TYPE, charge, receipt, 'BAchat has not renewed the contract');
    },

    async cancel(contractId) {
      const contract = await client.read(contractId);
      if (contract.sku !== SERVER_CANCELLED_SKU) {
        // The other SKUs are cancelled by the viewer on BAchat's cancellation page.
        const links = await client.deeplinks(contract.customerRef);
        throw apiError(ApiErrorNumber.Error, `Résiliation sur la page BBox : ${links.UrlServiceCancellation}`);
      }
      try {
        await client.cancel(contractId);
        return 'cancelled';
      } catch (error) {
        if (error instanceof BachatRefusal && error.status === 409) return 'alreadyCancelled';
        throw error;
      }
    },

    async refund() {
      throw apiError(ApiErrorNumber.Error, 'Les remboursements BBox se font auprès de Bouygues Telecom');
    },

    registerStoreRoutes(api: FastifyInstance, context: StoreRouteContext) {
      registerEndpoint(
        api,
        endpoints.getBachatDeeplink,
        async ({ auth, request }) => {
          // The platform rule first (4 for a box that is not an Android TV).
          context.assertSoldTo({
            ...{ routeName: 'bachat', fields: {}, mode: 'save', customerId: auth.customer?.customerId ?? 0 },
            ...{ platform: request.common.platform, declaredBillingTypes: request.common.billingTypes },
            ...{ country: request.common.country, ip: request.ip },
          });
          // A visitor's link activates a contract known by its external_contract_id (decision 089).
          return provider.deeplinks(auth.customer?.customerId ?? null);
        },
        context.opts,
      );
    },
  };
  return provider;
}
