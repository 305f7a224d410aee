import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context';
import type { AppData } from './app-data';
import { queryKeys } from './query-client';

/**
 * POST /customer/profile/switch: leaving a kids profile carries the parental code. What the
 * profile sees (history, favourites) changes with it, so everything but /data is read again.
 */
export function useSwitchProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, code }: { uuid: string; code?: string }) =>
      api.switchProfile({ body: { customer_profile_uuid: uuid, ...(code ? { code } : {}) } }),
    onSuccess: ({ Customer }) => {
      queryClient.setQueryData<AppData>(queryKeys.appData, (data) => (data ? { ...data, Customer } : data));
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.appData[0] });
    },
  });
}
