import { useEffect, useEffectEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PurchaseContentRequest } from '@playz/api-contract';
import { queryKeys, useApi } from '@playz/queries';
import { LINK_POLL_MS } from './use-link-login';

/**
 * Subscription by link code (spec 3 §1 cross screen, decision 030): the TV shows the payment link
 * and its QR image; the phone pays by a web method for this account; the TV polls /status until
 * Paid, then loads the customer again (now with access). Expired: a new link. With `purchase`, the
 * link buys that one item instead (decision 040), and Paid means it is bought; null: not known yet.
 */
export function useBillingLink(onPaid: () => void, purchase?: PurchaseContentRequest | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  const purchaseContent = purchase ? JSON.stringify(purchase) : undefined;
  const link = useQuery({
    queryKey: ['tv', 'billing-link', purchaseContent ?? 'subscription'] as const,
    queryFn: async ({ signal }) =>
      (await api.getBillingLink({ query: purchaseContent ? { purchase_content: purchaseContent } : {}, signal })).Link,
    // A purchase link waits until the item to buy is known (null): never a subscription link instead.
    enabled: purchase !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const code = link.data?.code ?? null;
  const status = useQuery({
    queryKey: ['tv', 'billing-link', code, 'status'] as const,
    queryFn: async ({ signal }) => (await api.getBillingLinkStatus({ query: { code: code ?? '' }, signal })).Status,
    enabled: code !== null,
    refetchInterval: (query) => (query.state.data === 'Pending' || !query.state.data ? LINK_POLL_MS : false),
    gcTime: 0,
  });
  const state = status.data ?? 'Pending';
  const refetchLink = link.refetch;
  // Once per state change, with the page's latest onPaid.
  const stateChanged = useEffectEvent((next: typeof state) => {
    if (next === 'Expired') void refetchLink();
    if (next === 'Paid') void queryClient.invalidateQueries({ queryKey: queryKeys.appData }).then(onPaid);
  });
  useEffect(() => stateChanged(state), [state]);
  return { link: link.data ?? null, error: link.error, paid: state === 'Paid', retry: () => void refetchLink() };
}
