import { useEffect, useEffectEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, useApi } from '@playz/queries';
import { LINK_POLL_MS } from './use-link-login';

/**
 * Subscription by link code (spec 3 §1 cross screen, decision 030): the TV shows the payment link
 * and its QR image; the phone pays by a web method for this account; the TV polls /status until
 * Paid, then loads the customer again (now with access). Expired: a new link.
 */
export function useBillingLink(onPaid: () => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: ['tv', 'billing-link'] as const,
    queryFn: async ({ signal }) => (await api.getBillingLink({ signal })).Link,
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
