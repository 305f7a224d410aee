import { createApiClient, type ApiClient } from '@playz/api-client';
import { webCommonParams } from './common-params';

export { webCommonParams };

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
