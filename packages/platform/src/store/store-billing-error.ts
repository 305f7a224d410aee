import { isApiError } from '@playz/api-client';

/**
 * A store flow that did not end in a saved subscription (spec 3 §8 "Subscribe, unsubscribe
 * failure: error toast"). `reason` says where it stopped; `number` is the server's catalogue
 * number when the server refused (30 receipt not valid, 31 product not found…); `storeStatus` is
 * the store's own code (Samsung 4xxxxx, Amazon FAILED / INVALID_SKU).
 */
export class StoreBillingError extends Error {
  override readonly name = 'StoreBillingError';
  constructor(
    readonly reason: 'unavailable' | 'store' | 'server' | 'timeout' | 'notAvailableHere',
    message: string,
    readonly details: { number?: number; apiReason?: string; storeStatus?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
  }
  get number(): number | undefined {
    return this.details.number;
  }
  /**
   * The server's Reason when it named one (TrialAlreadyUsed, decision 072): its message was
   * written for the viewer, in the viewer's language, and is shown as it comes.
   */
  get apiReason(): string | undefined {
    return this.details.apiReason;
  }
}

/** Runs the server's save call; its refusal becomes a StoreBillingError with the catalogue number. */
export async function serverSave<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error))
      throw new StoreBillingError('server', error.message, {
        number: error.number,
        ...(error.reason ? { apiReason: error.reason } : {}),
        cause: error,
      });
    throw error;
  }
}
