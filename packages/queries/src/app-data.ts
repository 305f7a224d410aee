import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@playz/api-client';
import type { Customer, Profile, ResponseOf, endpoints } from '@playz/api-contract';
import { useApi } from './api-context';
import { productParamOf, sessionHints } from './session-hints';
import { queryKeys } from './query-client';

export type AppData = ResponseOf<typeof endpoints.getData>;

/**
 * GET /data: application data and the current customer (spec 1 §4 application start). The same
 * query for the app's hook and for a first visit's channel page, whose entry asks it before the
 * app has rendered (decision 138).
 */
export function appDataQuery(api: ApiClient) {
  return {
    queryKey: queryKeys.appData,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const data = await api.getData({ signal });
      sessionHints.loggedIn = data.Customer.logged;
      sessionHints.customerKnown = true;
      sessionHints.product = productParamOf(data.Customer.subscriptions);
      // Test fixtures and old answers may lack profiles: no viewer then, never a failed /data.
      const profiles = data.Customer.profiles as Profile[] | undefined;
      sessionHints.viewer = data.Customer.logged ? profiles?.[data.Customer.currentProfileIndex]?.UUID : undefined;
      return data;
    },
  };
}

/** `appDataQuery` for the app's components. */
export function useAppData() {
  return useQuery(appDataQuery(useApi()));
}

/** For components under the start gate, where /data is known to be loaded. */
export function useLoadedAppData(): AppData {
  const { data } = useAppData();
  if (!data) throw new Error('useLoadedAppData() used before /data was loaded');
  return data;
}

/** Home rows or landing: the customer holds some product access, or demo full access (spec 2 §2). */
export function hasProductAccess(customer: Pick<Customer, 'hasFullAccess' | 'productAccess'>): boolean {
  return customer.hasFullAccess || customer.productAccess.length > 0;
}
