import { createApiClient, type ApiClient } from '@playz/api-client';
import type { CommonParams } from '@playz/api-contract';
import { DEFAULT_COUNTRY } from '@playz/domain';
import { sessionHints } from '@playz/queries';
import type { DeviceIdentity } from './device';

/** The common parameters of every call (spec 1 §7): the TV device, its language and log-in state. */
export function tvCommonParams(device: DeviceIdentity): Partial<CommonParams> {
  return {
    platform: device.platform,
    device_type: 'TV',
    device_udid: device.udid,
    ...(device.model ? { device_model: device.model } : {}),
    app_version: __APP_VERSION__,
    locale: sessionHints.locale,
    country: DEFAULT_COUNTRY,
    logged_in: sessionHints.loggedIn ? '1' : '0',
  };
}

export function createTvApiClient(device: DeviceIdentity, fetchImpl?: typeof fetch): ApiClient {
  // The session is the cookie the log-in by link code sets (decision 011), as in a web view.
  return createApiClient({
    baseUrl: '',
    getCommonParams: () => tvCommonParams(device),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
