import { createApiClient, type ApiClient } from '@playz/api-client';
import type { CommonParams } from '@playz/api-contract';
import { DEFAULT_COUNTRY } from '@playz/domain';
import { sessionHints } from '@playz/queries';
import { deviceUdid, detectDeviceType } from './device';
import { storedCampaignCode, storedCuid, wantsCacheRegen } from './launch-params';

export function webCommonParams(): Partial<CommonParams> {
  const search = typeof location === 'undefined' ? '' : location.search;
  return {
    platform: 'Web',
    device_type: detectDeviceType(),
    device_udid: deviceUdid(),
    app_version: __APP_VERSION__,
    locale: sessionHints.locale,
    country: DEFAULT_COUNTRY,
    logged_in: sessionHints.loggedIn ? '1' : '0',
    c: storedCampaignCode(),
    cuid: storedCuid(),
    cache_regen: wantsCacheRegen(search) ? '1' : undefined,
  };
}

const loadContractSchemas = () => import('@playz/api-contract').then((contract) => contract.endpoints);

export function createWebApiClient(fetchImpl?: typeof fetch): ApiClient {
  return createApiClient({
    baseUrl: '',
    getCommonParams: webCommonParams,
    // Development builds check every answer against the contract so drift shows at once; the
    // schemas (all of zod) load then only, and production builds drop this import entirely.
    validateResponsesWith: import.meta.env.DEV ? loadContractSchemas : undefined,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
