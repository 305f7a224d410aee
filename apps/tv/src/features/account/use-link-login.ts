import { useEffect, useEffectEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@playz/api-client';
import { accountLinkDataOf, type AccountLinkData } from '@playz/api-contract';
import { ApiErrorNumber } from '@playz/domain';
import { queryKeys, sessionHints, useApi } from '@playz/queries';

/** How often the TV asks whether the phone approved its code (decision 011). */
export const LINK_POLL_MS = 2000;

/**
 * Log-in by link code (spec 1 §3, decision 011): the TV asks for a code, shows it with its QR
 * image, and polls /status; the phone opens the URL, logs in and approves; the first approved
 * poll logs this TV in (its session cookie). A code that died (error 7: expired after 10 minutes,
 * or spent) is replaced by a new one. `onLogged` runs once, with what the phone attached, checked
 * against the contract's schema (null when it does not match: the TV acts on nothing unchecked).
 */
export function useLinkLogin(onLogged: (data: AccountLinkData | null) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: ['tv', 'account-link'] as const,
    queryFn: async ({ signal }) => (await api.createAccountLink({ query: { action: 'login' }, signal })).Link,
    staleTime: Infinity,
    gcTime: 0,
  });
  const code = link.data?.code ?? null;
  const status = useQuery({
    queryKey: ['tv', 'account-link', code, 'status'] as const,
    queryFn: async ({ signal }) => (await api.getAccountLinkStatus({ query: { code: code ?? '' }, signal })).Status,
    enabled: code !== null,
    refetchInterval: (query) => (query.state.data?.logged ? false : LINK_POLL_MS),
    retry: false,
    gcTime: 0,
  });
  const logged = status.data?.logged ?? false;
  const expired = isApiError(status.error, ApiErrorNumber.NotFound);
  const refetchLink = link.refetch;
  useEffect(() => {
    if (expired) void refetchLink();
  }, [expired, refetchLink]);
  const data = accountLinkDataOf(status.data?.data ?? null);
  // The page's latest onLogged and the code's data, read when the log-in happens (once).
  const signedIn = useEffectEvent(() => {
    sessionHints.loggedIn = true;
    // Everything cached was a visitor's (rows, stream grants): start again for the customer.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.appData[0] });
    void queryClient.invalidateQueries({ queryKey: queryKeys.appData }).then(() => onLogged(data));
  });
  useEffect(() => {
    if (logged) signedIn();
  }, [logged]);
  return { link: link.data ?? null, failed: link.isError, retry: () => void link.refetch() };
}
