import type { BridgeOptions, StoreBilling, StoreOutcome } from '../../bridge';
import { sandboxClient } from '../../store/sandbox-client';
import { serverSave, StoreBillingError } from '../../store/store-billing-error';
import type { OrangeEnvironment } from './environment';

interface OrangeAuth {
  ise2: string;
  apitoken: string;
}

/** Orange's wassup answer (spec 3 §7): error (code, message), ise2, apitoken. */
interface WassupAnswer {
  error?: { code?: number; message?: string } | null;
  ise2?: string | null;
  apitoken?: string | null;
}

/**
 * spec 3 §4 "Orange app shop: fetch auth parameters (ise2, apitoken), then check, subscribe or
 * unsubscribe with them"; the server does the app shop calls (decision 029). Failures are thrown
 * as StoreBillingError whose message carries the server's (`OverQuotaFault` → I10-PLAYZ through
 * `bridge.errors.report(error, { billing: true })`, anything else I09-PLAYZ).
 *
 * Real: the auth server of the box's `pf` environment (`orangeAuthServers`). Emulated: the app
 * shop stand-in's wassup; a box without an Orange line gets one from its `/_test/account` hook.
 */
export function orangeStoreBilling(options: BridgeOptions, environment: OrangeEnvironment): StoreBilling | undefined {
  const fetchImpl = options.fetch ?? fetch;
  const server = options.emulated
    ? options.sandboxUrl && `${options.sandboxUrl.replace(/\/+$/, '')}/orange-appshoptv/`
    : options.orangeAuthServers?.[environment];
  if (!server) return undefined;

  const wassup = async (): Promise<WassupAnswer> => {
    const response = await fetchImpl(`${server}AUTH/api/wassup?format=json`, { credentials: 'include' });
    if (!response.ok) throw new StoreBillingError('store', `Orange auth answered ${response.status}`);
    return (await response.json()) as WassupAnswer;
  };
  const auth = async (): Promise<OrangeAuth> => {
    let answer = await wassup();
    if (options.emulated && !answer.ise2 && options.sandboxUrl) {
      await sandboxClient(options.sandboxUrl, fetchImpl).post('orange-appshoptv', '/_test/account', {});
      answer = await wassup();
    }
    if ((answer.error?.code ?? 0) !== 0 || !answer.ise2 || !answer.apitoken)
      throw new StoreBillingError('store', `Orange auth: ${answer.error?.message || 'no ise2 / apitoken'}`, {
        storeStatus: String(answer.error?.code ?? ''),
      });
    return { ise2: answer.ise2, apitoken: answer.apitoken };
  };
  const body = async (paramType: string) => ({ param_type: paramType, ...(await auth()) });

  return {
    billingType: 'OrangeAppshopTV',
    async subscribe(offer): Promise<StoreOutcome> {
      const fields = await body(offer.sku);
      const answer = await serverSave(() => options.api.saveOrangeAppshop({ body: fields }));
      return { status: 'saved', customer: answer.Customer };
    },
    /** The check call: saves a subscription Orange already holds for this line. */
    async restore(offer): Promise<StoreOutcome> {
      const fields = await body(offer.sku);
      const answer = await serverSave(() => options.api.checkOrangeAppshop({ body: fields }));
      return answer.Result === 1 ? { status: 'saved', customer: answer.Customer } : { status: 'none' };
    },
    async unsubscribe(offer): Promise<StoreOutcome> {
      const fields = await body(offer.sku);
      const answer = await serverSave(() => options.api.unsubscribeOrangeAppshop({ body: fields }));
      return { status: 'saved', customer: answer.Customer };
    },
  };
}
