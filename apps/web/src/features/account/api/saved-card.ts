import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@playz/queries';
import { queryKeys } from '@playz/queries';

/** POST /billing/credit-card/remove (decision 083): forgets the saved card, then reads the account again. */
export function useRemoveSavedCard() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.removeCreditCard({ body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appData }),
  });
}
