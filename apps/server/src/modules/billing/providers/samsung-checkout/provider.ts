import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { registerEndpoint } from '../../../../lib/register-endpoint';
import type { ProviderEvent, RenewalCharge } from '../payment-provider';
import {
  ReceiptNotValidError,
  storeRenewalEvent,
  startsOnDevice,
  toCents,
  type StoreProvider,
  type StoreRouteContext,
  type VerifiedReceipt,
} from '../store-provider';
import { fromSamsungTime, SamsungDpiError, type SamsungDpiClient, type SamsungInvoice } from './client';
import { isTemporary, SAMSUNG_ALREADY_CANCELLED, samsungMessage } from './samsung-status';

const BILLING_TYPE = 'SamsungCheckout' as const;

/** The device posts the invoice id, or the invoice it validated (JSON with InvoiceID). */
function invoiceIdOf(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value.startsWith('{')) {
    try {
      const id = (JSON.parse(value) as { InvoiceID?: unknown }).InvoiceID;
      if (typeof id === 'string' && id) return id;
    } catch {
      // not JSON: refused below
    }
    throw new ReceiptNotValidError('the invoice has no InvoiceID');
  }
  if (!/^[A-Za-z0-9_-]{4,64}$/.test(value)) throw new ReceiptNotValidError('not an invoice id');
  return value;
}

/** Our store subscription reference: Samsung's cancel and list calls need the CustomID too. */
const refOf = (customId: string, invoiceId: string) => `${customId}/${invoiceId}`;
const parseRef = (ref: string) => {
  const [customId, invoiceId] = ref.split('/');
  return { customId: customId ?? '', invoiceId: invoiceId ?? '' };
};

/** A DPI failure as the viewer's error (spec 3 §8 Samsung messages), 1. */
const dpiError = (error: unknown) =>
  error instanceof SamsungDpiError ? apiError(ApiErrorNumber.Error, samsungMessage(error.code)) : error;

/**
 * The invoice as a receipt. spec 3 §4: "An invoice is valid if not cancelled, or cancelled but with
 * an end date still ahead"; its subscription's end date is the end of access.
 */
export function invoiceReceipt(invoice: SamsungInvoice, customId: string, now: Date): VerifiedReceipt {
  const end = invoice.SubscriptionInfo ? fromSamsungTime(invoice.SubscriptionInfo.SubsEndTime) : null;
  const active = !invoice.CancelStatus || (end !== null && end.getTime() > now.getTime());
  return {
    subscriptionRef: refOf(customId, invoice.InvoiceID),
    termKey: `${invoice.InvoiceID}:${invoice.SubscriptionInfo?.SubsEndTime ?? 'once'}`,
    sku: invoice.ItemID,
    amountCents: toCents(invoice.Price),
    currency: invoice.OrderCurrencyID,
    expiresAt: end,
    active,
    renewing: !invoice.CancelStatus && (invoice.SubscriptionInfo?.SubsStatus ?? '00') === '00',
    providerRef: invoice.InvoiceID,
  };
}

/**
 * Samsung checkout on Tizen (spec 3 §4 Samsung flow, §7 DPI calls, decision 029): the TV buys and
 * validates the invoice; the server verifies it at the DPI server with our CustomID, reads it from
 * the invoice list, applies it (Samsung's delivery acknowledgement) and saves it.
 */
export function createSamsungCheckoutProvider(deps: { client: SamsungDpiClient }): StoreProvider {
  const { client } = deps;

  async function invoiceOf(customId: string, invoiceId: string, country: string): Promise<SamsungInvoice> {
    try {
      await client.verify(customId, invoiceId);
    } catch (error) {
      if (error instanceof SamsungDpiError && !isTemporary(error.code))
        throw new ReceiptNotValidError(`invoice ${invoiceId}: ${samsungMessage(error.code)}`);
      throw dpiError(error);
    }
    const invoice = (await client.invoices(customId, country).catch((e: unknown) => Promise.reject(dpiError(e)))).find(
      (i) => i.InvoiceID === invoiceId,
    );
    if (!invoice) throw new ReceiptNotValidError(`invoice ${invoiceId} is not in the invoice list`);
    return invoice;
  }

  return {
    billingType: BILLING_TYPE,
    routeName: 'samsung-checkout',
    start: async () => startsOnDevice(),
    status: async () => null,

    async verifyReceipt(fields, caller) {
      const invoiceId = invoiceIdOf(fields.invoice);
      const customId = String(caller.customerId);
      const country = (fields.country ?? caller.country).toUpperCase();
      const invoice = await invoiceOf(customId, invoiceId, country);
      const receipt = invoiceReceipt(invoice, customId, new Date());
      if (receipt.active && !invoice.AppliedStatus)
        await client.apply(customId, invoiceId).catch((e: unknown) => Promise.reject(dpiError(e)));
      return receipt;
    },

    /**
     * spec 3 §4 steps 2 and 3, asked by the TV before it buys: billing support in the country,
     * then the item list, both signed with the secret key the TV does not have (decision 029).
     */
    registerStoreRoutes(api: FastifyInstance, context: StoreRouteContext) {
      registerEndpoint(
        api,
        endpoints.samsungCheckoutProducts,
        async ({ auth, query, request }) => {
          context.assertSoldTo(context.callOf(auth, request, 'samsung-checkout', {}, 'save'));
          const country = (query.country ?? request.common.country).toUpperCase();
          const supported = await client.isBillingSupported(country).catch((e: unknown) => Promise.reject(dpiError(e)));
          const products = supported
            ? await client.products(country).catch((e: unknown) => Promise.reject(dpiError(e)))
            : [];
          return {
            Result: 1 as const,
            IsBillingSupported: supported,
            Products: products.map(({ ItemID, ItemTitle, ItemType, Price, CurrencyID }) => ({
              ...{ ItemID, ItemTitle, ItemType: Number(ItemType), Price: Number(Price), CurrencyID },
            })),
          };
        },
        context.opts,
      );
    },

    /** Samsung renews by itself: a renewal is the invoice's end date moved forward. */
    async charge(charge: RenewalCharge): Promise<ProviderEvent> {
      const { customId, invoiceId } = parseRef(charge.subscriptionRef);
      const invoice = (await client.invoices(customId, 'FR')).find((i) => i.InvoiceID === invoiceId);
      const receipt = invoice ? invoiceReceipt(invoice, customId, new Date()) : null;
      return storeRenewalEvent(BILLING_TYPE, charge, receipt, 'Samsung has not renewed the subscription');
    },

    /** spec 3 §4: cancel at Samsung; 410410 (already cancelled) counts as success. */
    async cancel(subscriptionRef) {
      const { customId, invoiceId } = parseRef(subscriptionRef);
      try {
        await client.cancel(customId, invoiceId);
        return 'cancelled';
      } catch (error) {
        if (error instanceof SamsungDpiError && error.code === SAMSUNG_ALREADY_CANCELLED) return 'alreadyCancelled';
        throw dpiError(error);
      }
    },

    async refund() {
      // Samsung refunds through its own support; the DPI API has no refund call for merchants.
      throw apiError(ApiErrorNumber.Error, samsungMessage(SAMSUNG_ALREADY_CANCELLED));
    },
  };
}
