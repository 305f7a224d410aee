import type { BridgeOptions, StoreBilling, StoreOutcome } from '../../bridge';
import { sandboxClient } from '../../store/sandbox-client';
import { serverSave, StoreBillingError } from '../../store/store-billing-error';
import { realTimers } from '../base';
import { androidStoreCall } from '../android-tv/store-call';

/** spec 3 §9 "Amazon response time-out 30000 ms". */
export const AMAZON_RESPONSE_TIMEOUT_MS = 30_000;
/** spec 3 §4 "on status SUCCESSFUL or ALREADY_PURCHASED save the receipt on the server". */
const SAVED_STATUSES = ['SUCCESSFUL', 'ALREADY_PURCHASED'];
/** The emulated Fire TV's Amazon account (the real one is the device's). */
export const AMAZON_EMULATED_USER_KEY = 'playz.amazon_pay.user';
/** The last purchase response, which the emulator's "purchase updates" answer for restore. */
export const AMAZON_LAST_RESPONSE_KEY = 'playz.amazon_pay.response';

interface PurchaseResponse {
  status?: string;
  requestId?: string;
  purchaseReceipt?: { receiptId?: string; cancelDate?: number | null } | null;
  userData?: { userId?: string } | null;
}

/**
 * spec 3 §4 "Amazon flow: purchase; on status SUCCESSFUL or ALREADY_PURCHASED save the receipt on
 * the server; other statuses give a null outcome. Restore reads purchase updates and restores the
 * first receipt that is not cancelled, else fails." Real: the wrapper's Appstore SDK purchase,
 * waited for at most 30 s. Emulated: the Receipt Verification stand-in's purchase hook, as a
 * per-device Amazon user.
 */
export function amazonPayBilling(options: BridgeOptions): StoreBilling | undefined {
  const store = amazonStore(options);
  if (!store) return undefined;
  /**
   * Amazon wants each receipt confirmed on the device (notifyFulfillment) once the item is given,
   * that is once our server saved it (decision 101): never before, so a receipt the server refused
   * stays unfulfilled and Amazon hands it back in the purchase updates. Its answer is not waited
   * for: the purchase is ours whatever the device's confirmation does.
   */
  const fulfil = (response: PurchaseResponse) => {
    const receiptId = response.purchaseReceipt?.receiptId;
    if (receiptId && store.fulfil) void store.fulfil(receiptId).catch(() => undefined);
  };
  return {
    billingType: 'AmazonPay',
    async subscribe(offer): Promise<StoreOutcome> {
      const response = await store.purchase(offer.sku);
      if (!SAVED_STATUSES.includes(response.status ?? '')) return { status: 'cancelled' };
      options.storage.setItem(AMAZON_LAST_RESPONSE_KEY, JSON.stringify(response));
      const answer = await serverSave(() =>
        options.api.saveAmazonPay({
          body: { response: JSON.stringify(response), purchase: JSON.stringify({ sku: offer.sku }) },
        }),
      );
      fulfil(response);
      return { status: 'saved', customer: answer.Customer };
    },
    /** A consumable (a rental, a pass; decision 093): bought as any product, posted with the item. */
    async buyItem(offer, item): Promise<StoreOutcome> {
      const response = await store.purchase(offer.sku);
      if (!SAVED_STATUSES.includes(response.status ?? '')) return { status: 'cancelled' };
      const answer = await serverSave(() =>
        options.api.saveAmazonPay({
          body: {
            response: JSON.stringify(response),
            purchase: JSON.stringify({ sku: offer.sku }),
            purchase_content: JSON.stringify(item),
          },
        }),
      );
      fulfil(response);
      return { status: 'saved', customer: answer.Customer };
    },
    async restore(offer): Promise<StoreOutcome> {
      const updates = await store.purchaseUpdates();
      const receipt = updates.receipts.find((r) => !r.cancelDate);
      if (!receipt) throw new StoreBillingError('store', 'Amazon: no purchase to restore');
      const response: PurchaseResponse = {
        status: 'SUCCESSFUL',
        requestId: updates.requestId,
        purchaseReceipt: receipt,
        userData: updates.userData,
      };
      const answer = await serverSave(() =>
        options.api.restoreAmazonPay({
          body: { response: JSON.stringify(response), purchase: JSON.stringify({ sku: offer.sku }) },
        }),
      );
      fulfil(response);
      return { status: 'saved', customer: answer.Customer };
    },
  };
}

interface PurchaseUpdates {
  requestId?: string;
  receipts: NonNullable<PurchaseResponse['purchaseReceipt']>[];
  userData?: PurchaseResponse['userData'];
}

interface AmazonStore {
  purchase(sku: string): Promise<PurchaseResponse>;
  purchaseUpdates(): Promise<PurchaseUpdates>;
  /** The device's notifyFulfillment of a receipt the server saved (the wrapper's Appstore SDK only). */
  fulfil?(receiptId: string): Promise<unknown>;
}

function amazonStore(options: BridgeOptions): AmazonStore | undefined {
  if (options.emulated) {
    if (!options.sandboxUrl) return undefined;
    const sandbox = sandboxClient(options.sandboxUrl, options.fetch);
    const userId = () => {
      const stored = options.storage.getItem(AMAZON_EMULATED_USER_KEY);
      if (stored) return stored;
      const made = `amzn1.account.EMU${crypto.randomUUID().replaceAll('-', '').toUpperCase()}`;
      options.storage.setItem(AMAZON_EMULATED_USER_KEY, made);
      return made;
    };
    return {
      purchase: (sku) => sandbox.post<PurchaseResponse>('amazon-pay', '/_test/purchase', { userId: userId(), sku }),
      // The emulated Appstore's purchase updates: the purchases this device made.
      async purchaseUpdates() {
        const last = readResponse(options.storage.getItem(AMAZON_LAST_RESPONSE_KEY));
        return {
          requestId: last?.requestId,
          receipts: last?.purchaseReceipt ? [last.purchaseReceipt] : [],
          userData: last?.userData,
        };
      },
    };
  }
  const globals = options.globals;
  if (!globals) return undefined;
  const timers = options.timers ?? realTimers;
  const call = (action: 'purchase' | 'restore' | 'fulfil', sku: string) =>
    androidStoreCall(globals, { store: 'AmazonPay', action, sku, timeoutMs: AMAZON_RESPONSE_TIMEOUT_MS }, timers);
  return {
    purchase: async (sku) => (await call('purchase', sku)) as PurchaseResponse,
    // The receipt id goes where the SKU goes: the wrapper's calls all have the same four strings.
    fulfil: (receiptId) => call('fulfil', receiptId),
    async purchaseUpdates() {
      const answer = (await call('restore', '')) as Partial<PurchaseUpdates>;
      return {
        requestId: answer.requestId,
        receipts: Array.isArray(answer.receipts) ? answer.receipts : [],
        userData: answer.userData,
      };
    },
  };
}

function readResponse(raw: string | null): PurchaseResponse | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PurchaseResponse;
  } catch {
    return null;
  }
}
