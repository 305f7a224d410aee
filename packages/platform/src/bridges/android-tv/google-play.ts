import { purchaseItemTag, storeAccountTokens } from '@playz/domain';
import type { BridgeOptions, StoreBilling, StoreItem, StoreOutcome } from '../../bridge';
import { sandboxClient } from '../../store/sandbox-client';
import { serverSave, StoreBillingError } from '../../store/store-billing-error';
import { realTimers } from '../base';
import { androidStoreCall } from './store-call';

/** The last purchase (json, signature) of this device, for restore. */
export const GOOGLE_PLAY_PURCHASE_KEY = 'playz.google_play.purchase';
/** How long the Play purchase sheet may stay open; the spec gives Amazon's only, we use the same. */
const PLAY_TIMEOUT_MS = 30_000;

interface PlayPurchase {
  json: string;
  signature?: string;
}

/**
 * spec 3 §4 "Google Play flow: prepare, subscribe, parse the result, save it on the server". Real:
 * the wrapper runs the Play Billing library (prepare and subscribe are its connection and launch)
 * and answers {status, json, signature}. Emulated: the Play stand-in's purchase hook answers the
 * same json and signature. Restore re-saves the last purchase: the server re-reads it at Google.
 * The purchase names the buying account (BillingFlowParams' obfuscated account id, derived from
 * the customer): Google keeps it on the purchase, and the server refuses the purchase to any other
 * account (decision 073).
 */
export function googlePlayBilling(options: BridgeOptions): StoreBilling | undefined {
  const purchase = purchaser(options);
  if (!purchase) return undefined;
  const save = async (p: PlayPurchase, item?: StoreItem): Promise<StoreOutcome> => {
    const answer = await serverSave(() =>
      options.api.saveGooglePlay({
        body: { json: p.json, signature: p.signature, ...(item ? { purchase_content: JSON.stringify(item) } : {}) },
      }),
    );
    return { status: 'saved', customer: answer.Customer };
  };
  return {
    billingType: 'GooglePlay',
    async subscribe(offer) {
      const account = offer.customId ? (await storeAccountTokens(offer.customId)).googlePlay : undefined;
      const result = await purchase(offer.sku, account);
      if (!result) return { status: 'cancelled' };
      options.storage.setItem(GOOGLE_PLAY_PURCHASE_KEY, JSON.stringify(result));
      return save(result);
    },
    /**
     * A one-off product (decision 093): the purchase names the account and the item (Play's
     * obfuscated account and profile ids), and is posted with the item. Not kept for restore: the
     * server consumes it once granted.
     */
    async buyItem(offer, item) {
      const account = offer.customId ? (await storeAccountTokens(offer.customId)).googlePlay : undefined;
      const result = await purchase(offer.sku, account, purchaseItemTag(item));
      if (!result) return { status: 'cancelled' };
      return save(result, item);
    },
    async restore() {
      const stored = parseStored(options.storage.getItem(GOOGLE_PLAY_PURCHASE_KEY));
      return stored ? save(stored) : { status: 'none' };
    },
  };
}

function purchaser(
  options: BridgeOptions,
): ((sku: string, account?: string, profile?: string) => Promise<PlayPurchase | null>) | undefined {
  if (options.emulated) {
    if (!options.sandboxUrl) return undefined;
    const sandbox = sandboxClient(options.sandboxUrl, options.fetch);
    return (sku, account, profile) =>
      sandbox.post<PlayPurchase>('google-play', profile ? '/_test/purchase-product' : '/_test/purchase', {
        sku,
        ...(account ? { obfuscatedExternalAccountId: account } : {}),
        ...(profile ? { obfuscatedExternalProfileId: profile } : {}),
      });
  }
  const globals = options.globals;
  if (!globals) return undefined;
  return async (sku, account, profile) => {
    const answer = (await androidStoreCall(
      globals,
      {
        ...{ store: 'GooglePlay', action: profile ? 'purchaseItem' : 'purchase', sku, timeoutMs: PLAY_TIMEOUT_MS },
        ...{ account, profile },
      },
      options.timers ?? realTimers,
    )) as { status?: string; json?: string; signature?: string };
    if (answer.status === 'USER_CANCELED') return null;
    if (answer.status !== 'OK' || typeof answer.json !== 'string')
      throw new StoreBillingError('store', `Google Play: ${answer.status ?? 'no purchase'}`, {
        storeStatus: answer.status,
      });
    return { json: answer.json, signature: answer.signature };
  };
}

function parseStored(raw: string | null): PlayPurchase | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PlayPurchase>;
    return typeof value.json === 'string' ? { json: value.json, signature: value.signature } : null;
  } catch {
    return null;
  }
}
