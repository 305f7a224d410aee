import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@playz/api-client';
import type { Customer, ResponseOf, endpoints } from '@playz/api-contract';
import { useApi } from './api-context';
import { sessionHints } from './session-hints';
import { queryKeys } from './query-client';

export type AppData = ResponseOf<typeof endpoints.getData>;

/** GET /data: one query for the hook and for a read before the app has rendered. */
function appDataQuery(api: ApiClient) {
  return {
    queryKey: queryKeys.appData,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const data = await api.getData({ signal });
      sessionHints.loggedIn = data.Customer.logged;
      return data;
    },
  };
}

/** GET /data: application data and the current customer (spec 1 §4 application start). */
export function useAppData() {
  const api = useApi();
  return useQuery(appDataQuery(api));
}

/** /data as the app will read it: the same request as the start gate's, asked once. */
export function fetchAppData(queryClient: QueryClient, api: ApiClient): Promise<AppData> {
  return queryClient.fetchQuery(appDataQuery(api));
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
