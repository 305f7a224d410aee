import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@playz/api-contract';
import { useApi } from '@playz/queries';
import type { AppData } from '@playz/queries';
import { queryKeys } from '@playz/queries';

/**
 * POST /billing/cancel (spec 3 §7): the withdrawal of spec 3 §1 (decision 083). The answer's
 * Status (Refunded) is put on the subscription at once, then the application data is read again.
 */
export function useWithdraw() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: Pick<Subscription, 'purchaseID' | 'billingType' | 'productID'>) => {
      const answer = await api.cancelSubscription({
        body: { billing_type: subscription.billingType, product_id: String(subscription.productID) },
      });
      if (!answer.Result) throw new Error(`cancel refused (${answer.Status})`);
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
                  s.purchaseID === purchaseID ? { ...s, status, withdrawalUntil: null } : s,
                ),
              },
            }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
    },
  });
}
