import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@playz/api-contract';
import { useApi, queryKeys, type AppData } from '@playz/queries';

type ApiClient = ReturnType<typeof useApi>;
export type EndedSubscription = Pick<Subscription, 'purchaseID' | 'billingType' | 'productID'>;
type EndBody = { billing_type: EndedSubscription['billingType']; product_id: string };

/**
 * A subscription ended by the viewer (spec 3 §7: unsubscribe or withdrawal): the call's answered
 * Status is put on the subscription at once, with what else the end changes, then the application
 * data is read again from the server, which stays the truth.
 */
export function useSubscriptionEnd<S extends Subscription['status']>(
  send: (api: ApiClient, body: EndBody) => Promise<{ Result: boolean; Status: S }>,
  changed: (status: S) => Partial<Subscription>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: EndedSubscription) => {
      const answer = await send(api, {
        billing_type: subscription.billingType,
        product_id: String(subscription.productID),
      });
      if (!answer.Result) throw new Error(`refused (${answer.Status})`);
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
                  s.purchaseID === purchaseID ? { ...s, ...changed(status) } : s,
                ),
              },
            }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.appData });
    },
  });
}
