import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@playz/api-contract';
import { useApi } from '@playz/queries';
import type { AppData } from '@playz/queries';
import { queryKeys } from '@playz/queries';

/**
 * POST /billing/unsubscribe (spec 3 §7). "After successful unsubscribe the status becomes
 * cancelled (or the status returned by the server)" (spec 3 §4): the answer's Status is put on
 * the subscription at once, then the application data is read again from the server.
 */
export function useUnsubscribe() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: Pick<Subscription, 'purchaseID' | 'billingType' | 'productID'>) => {
      const answer = await api.unsubscribe({
        body: { billing_type: subscription.billingType, product_id: String(subscription.productID) },
      });
      if (!answer.Result) throw new Error(`unsubscribe refused (${answer.Status})`);
      return { purchaseID: subscription.purchaseID, status: answer.Status };
    },
    onSuccess: async ({ purchaseID, status }) => {
      queryClient.setQueryData<AppData>(queryKeys.appData, (data) =>
        data
          ? {
              ...data,
              Customer: {
                ...data.Customer,
                subscriptions: data.Customer.subscriptions.map((s) =>
                  s.purchaseID === purchaseID ? { ...s, status } : s,
                ),
              },
            }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
    },
  });
}
