import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '@playz/queries';

/** Phone side of the TV link code (decision 011): is the code still usable, and for which action. */
export function useAccountLinkCheck(code: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['account-link', code],
    queryFn: ({ signal }) => api.checkAccountLink({ query: { code }, signal }),
    enabled: code !== '',
    staleTime: 0,
    gcTime: 0,
  });
}

/** The logged phone approves: the TV's next status poll logs it into this account. */
export function useApproveAccountLink() {
  const api = useApi();
  return useMutation({
    mutationFn: (code: string) => api.approveAccountLink({ body: { code } }),
  });
}
