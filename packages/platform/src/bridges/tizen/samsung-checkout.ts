import type { BridgeOptions, StoreBilling, StoreOffer, StoreOutcome } from '../../bridge';
import type { WebapisGlobal } from '../../globals';
import { sandboxClient } from '../../store/sandbox-client';
import { serverSave, StoreBillingError } from '../../store/store-billing-error';

/** The last invoice bought on this TV: "Restore uses the invoice" (spec 3 §4). */
export const SAMSUNG_INVOICE_KEY = 'playz.samsung_checkout.invoice';

/** spec 3 §9: how long the Samsung account view is given to sign the viewer in (step 1). */
export const SAMSUNG_LOGIN_WAIT_MS = 3000;

/**
 * spec 3 §4 Samsung checkout flow. The device checks the Samsung account (step 1), asks the server
 * whether Samsung bills in the country and sells the item (steps 2 and 3: DPI calls signed with
 * the secret key, which does not belong on a TV, decision 029), buys (step 4) and posts the
 * invoice (step 7); steps 5–6, the invoice list and its validation, are the server's too. Real:
 * webapis.sso, then webapis.billing.buyItem. Emulated: the DPI stand-in's purchase hook, then the
 * same save.
 */
export function tizenStoreBilling(options: BridgeOptions): StoreBilling | undefined {
  const buy = options.emulated ? emulatedBuy(options) : realBuy(options);
  if (!buy) return undefined;
  const save = async (invoice: string): Promise<StoreOutcome> => {
    const answer = await serverSave(() => options.api.saveSamsungCheckout({ body: { invoice } }));
    return { status: 'saved', customer: answer.Customer };
  };
  return {
    billingType: 'SamsungCheckout',
    async subscribe(offer) {
      const invoice = await buy(offer);
      if (invoice === null) return { status: 'cancelled' };
      options.storage.setItem(SAMSUNG_INVOICE_KEY, invoice);
      return save(invoice);
    },
    async restore() {
      const invoice = options.storage.getItem(SAMSUNG_INVOICE_KEY);
      if (!invoice) throw new StoreBillingError('store', 'No Samsung invoice on this TV to restore');
      const answer = await serverSave(() => options.api.restoreSamsungCheckout({ body: { invoice } }));
      return { status: 'saved', customer: answer.Customer };
    },
  };
}

type Buy = (offer: StoreOffer) => Promise<string | null>;

/**
 * Steps 2 and 3: Samsung checkout bills in the TV's country (else it is not offered here) and its
 * product list has the item (else the item is unavailable, Samsung's 410459).
 */
async function soldHere(options: BridgeOptions, offer: StoreOffer): Promise<void> {
  const answer = await serverSave(() => options.api.samsungCheckoutProducts({ query: {} }));
  if (!answer.IsBillingSupported)
    throw new StoreBillingError('notAvailableHere', 'Samsung checkout does not bill in this country');
  if (!answer.Products.some((p) => p.ItemID === offer.sku))
    throw new StoreBillingError('store', `Samsung checkout does not sell ${offer.sku} here`, {
      storeStatus: '410459',
    });
}

function emulatedBuy(options: BridgeOptions): Buy | undefined {
  if (!options.sandboxUrl) return undefined;
  const sandbox = sandboxClient(options.sandboxUrl, options.fetch);
  return async (offer) => {
    if (!offer.customId)
      throw new StoreBillingError('unavailable', 'Samsung checkout needs the customer id (CustomID)');
    await soldHere(options, offer);
    const invoice = await sandbox.post<{ InvoiceID: string }>('samsung-checkout', '/_test/purchase', {
      CustomID: offer.customId,
      ItemID: offer.sku,
    });
    return invoice.InvoiceID;
  };
}

const signedIn = (sso: NonNullable<WebapisGlobal['sso']>) => {
  try {
    return Boolean(sso.getLoginUid());
  } catch {
    return false;
  }
};

/**
 * Step 1: Samsung checkout needs the TV's Samsung account. Signed out, the account view is shown
 * and the viewer has SAMSUNG_LOGIN_WAIT_MS to sign in; still signed out then, the purchase fails.
 */
function samsungAccount(sso: WebapisGlobal['sso']): Promise<void> {
  if (!sso || signedIn(sso)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const refused = () =>
      reject(new StoreBillingError('store', 'Samsung checkout needs a Samsung account signed in on this TV'));
    try {
      sso.showAccountView('Playz', () => undefined, refused);
    } catch (error) {
      reject(new StoreBillingError('store', 'Samsung account view unavailable', { cause: error }));
      return;
    }
    setTimeout(() => (signedIn(sso) ? resolve() : refused()), SAMSUNG_LOGIN_WAIT_MS);
  });
}

function realBuy(options: BridgeOptions): Buy | undefined {
  const billing = options.globals?.webapis?.billing;
  const sso = options.globals?.webapis?.sso;
  const settings = options.samsungCheckout;
  if (!billing || !settings) return undefined;
  return async (offer) => {
    await samsungAccount(sso);
    await soldHere(options, offer);
    return buyItem(billing, settings, offer);
  };
}

function buyItem(
  billing: NonNullable<WebapisGlobal['billing']>,
  settings: NonNullable<BridgeOptions['samsungCheckout']>,
  offer: StoreOffer,
): Promise<string | null> {
  return new Promise<string | null>((resolve, reject) => {
    const details = JSON.stringify({
      OrderItemID: offer.sku,
      OrderTitle: offer.sku,
      OrderCustomID: offer.customId,
    });
    billing.buyItem(
      settings.appId,
      settings.serverType,
      details,
      (data) => {
        if (data.payResult === 'CANCEL') return resolve(null);
        if (data.payResult !== 'SUCCESS')
          return reject(
            new StoreBillingError('store', `Samsung checkout: ${data.payResult}`, { storeStatus: data.payResult }),
          );
        const invoice = invoiceIdOf(data.payDetail);
        if (!invoice) return reject(new StoreBillingError('store', 'Samsung checkout answered no InvoiceID'));
        resolve(invoice);
      },
      (error) =>
        reject(
          new StoreBillingError('store', `Samsung checkout: ${error.message ?? error.name ?? 'error'}`, {
            cause: error,
          }),
        ),
    );
  });
}

function invoiceIdOf(payDetail: string | undefined): string | null {
  if (!payDetail) return null;
  try {
    const parsed = JSON.parse(payDetail) as { InvoiceID?: unknown };
    return typeof parsed.InvoiceID === 'string' ? parsed.InvoiceID : null;
  } catch {
    return null;
  }
}
