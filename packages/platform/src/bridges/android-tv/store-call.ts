import type { Timers } from '../../timers';
import { ANDROID_INTERFACE, ANDROID_STORE_RESULT, type AndroidStoreAction, type PlatformGlobals } from '../../globals';
import { StoreBillingError } from '../../store/store-billing-error';
import { realTimers } from '../base';

const pending = new Map<string, (json: string) => void>();
let counter = 0;

/**
 * One store call through our Android / Fire TV wrapper: `storeCall(requestId, …)` out, the
 * wrapper's `playzStoreResult(requestId, json)` back. The store's purchase screen can be left
 * open for ever; `timeoutMs` ends the wait (spec 3 §9 Amazon time-out 30000 ms).
 */
export function androidStoreCall(
  globals: PlatformGlobals,
  call: {
    store: string;
    /**
     * purchaseItem: a one-off product (a rental, a pass; decision 093); fulfil: Amazon's
     * notifyFulfillment of a receipt the server saved, its receipt id in `sku` (decision 101).
     */
    action: AndroidStoreAction;
    sku: string;
    timeoutMs: number;
    /** The buying account the store keeps on the purchase (Play's obfuscated account id). */
    account?: string;
    /** The item a one-off product is for (Play's obfuscated profile id). */
    profile?: string;
  },
  timers: Timers = realTimers,
): Promise<unknown> {
  const android = globals[ANDROID_INTERFACE];
  if (!android?.storeCall)
    return Promise.reject(new StoreBillingError('unavailable', `${call.store}: no store bridge in this app`));
  globals[ANDROID_STORE_RESULT] ??= (requestId, json) => pending.get(requestId)?.(json);
  counter += 1;
  const requestId = `${call.store}-${Date.now()}-${counter}`;
  return new Promise((resolve, reject) => {
    const timer = timers.setTimeout(() => {
      pending.delete(requestId);
      reject(new StoreBillingError('timeout', `${call.store} did not answer within ${call.timeoutMs} ms`));
    }, call.timeoutMs);
    pending.set(requestId, (json) => {
      pending.delete(requestId);
      timers.clearTimeout(timer);
      try {
        resolve(JSON.parse(json));
      } catch (cause) {
        reject(new StoreBillingError('store', `${call.store} answered unreadable JSON`, { cause }));
      }
    });
    // The wrapper's bridge matches methods by their number of arguments.
    if (call.profile)
      android.storeCall!(requestId, call.store, call.action, call.sku, call.account ?? '', call.profile);
    else if (call.account) android.storeCall!(requestId, call.store, call.action, call.sku, call.account);
    else android.storeCall!(requestId, call.store, call.action, call.sku);
  });
}
