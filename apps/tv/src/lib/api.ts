import { createApiClient, type ApiClient } from '@playz/api-client';
import type { CommonParams } from '@playz/api-contract';
import { DEFAULT_COUNTRY } from '@playz/domain';
import type { DeviceCommonParams } from '@playz/platform';
import { sessionHints } from '@playz/queries';

/**
 * The common parameters of every call (spec 1 §7): the device's, from the platform bridge
 * (platform, type, udid, vendor, model, mac, system, store), then the app's session: language and
 * log-in state.
 */
export function tvCommonParams(device: DeviceCommonParams): Partial<CommonParams> {
  return {
    ...device,
    app_version: __APP_VERSION__,
    locale: sessionHints.locale,
    country: DEFAULT_COUNTRY,
    logged_in: sessionHints.loggedIn ? '1' : '0',
    // spec 1 §7 product: the first Service subscription's, else the first's (decision 058).
    product: sessionHints.product,
  };
}

/**
 * The API client; `deviceParams` is read at each call (the bridge, made with this client, exists
 * only after it). The session is the cookie the log-in by link code sets (decision 011).
 */
export function createTvApiClient(deviceParams: () => DeviceCommonParams, fetchImpl?: typeof fetch): ApiClient {
  return createApiClient({
    baseUrl: '',
    getCommonParams: () => tvCommonParams(deviceParams()),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
