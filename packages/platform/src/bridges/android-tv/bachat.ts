import type { BridgeOptions, StoreBilling, StoreOutcome } from '../../bridge';
import { ANDROID_INTERFACE } from '../../globals';
import { sandboxClient } from '../../store/sandbox-client';
import { serverSave, StoreBillingError } from '../../store/store-billing-error';

/** spec 3 §4 "Unsubscribe of SKU subscription_1_99 calls the server, others open the cancellation link". */
export const BACHAT_SERVER_UNSUBSCRIBED_SKU = 'subscription_1_99';

/**
 * BBox (Android TV operator variant) billing, spec 3 §4 BAchat: "subscribe fetches deeplinks; if
 * the service-not-available field is not the string null it fails, else it opens the activation
 * link". The BBox payment page then gives a one-time code that `complete` saves (§7 bachat save).
 * Real: the wrapper opens the link and hands the code back. Emulated: the BAchat stand-in's
 * activation hook plays the viewer confirming on that page and answers the code, which is saved at
 * once.
 */
export function bachatBilling(options: BridgeOptions): StoreBilling | undefined {
  const android = options.emulated ? undefined : options.globals?.[ANDROID_INTERFACE];
  if (options.emulated ? !options.sandboxUrl : !android?.openUrl) return undefined;

  const links = async () => {
    const answer = await serverSave(() => options.api.getBachatDeeplink({ query: {} }));
    if (answer.ServiceNotAvailable !== 'null')
      throw new StoreBillingError('notAvailableHere', `BAchat: ${answer.ServiceNotAvailable}`);
    return answer;
  };
  const complete = async (code: string): Promise<StoreOutcome> => {
    const answer = await serverSave(() => options.api.saveBachat({ body: { otp_code: code } }));
    return { status: 'saved', customer: answer.Customer };
  };

  return {
    billingType: 'BAchat',
    async subscribe(offer) {
      const { UrlServiceActivation } = await links();
      if (!options.emulated) {
        android!.openUrl!(UrlServiceActivation);
        return { status: 'redirected', url: UrlServiceActivation };
      }
      const customerRef = new URL(UrlServiceActivation).searchParams.get('ref') ?? '';
      const { otp_code } = await sandboxClient(options.sandboxUrl!, options.fetch).post<{ otp_code: string }>(
        'bachat',
        '/_test/activate',
        { customerRef, sku: offer.sku },
      );
      return complete(otp_code);
    },
    // BAchat keeps no purchase on the box: restoring is the server's job (the contract is bound
    // to the account), so there is nothing for the device to send.
    async restore() {
      return { status: 'none' };
    },
    async unsubscribe(offer) {
      if (offer.sku === BACHAT_SERVER_UNSUBSCRIBED_SKU) {
        if (!offer.productId) throw new StoreBillingError('unavailable', 'BAchat unsubscribe needs the product id');
        await serverSave(() =>
          options.api.unsubscribe({ body: { billing_type: 'BAchat', product_id: offer.productId! } }),
        );
        return { status: 'unsubscribed' };
      }
      const { UrlServiceCancellation } = await links();
      android?.openUrl?.(UrlServiceCancellation);
      return { status: 'redirected', url: UrlServiceCancellation };
    },
    complete,
  };
}
