import { useQuery } from '@tanstack/react-query';
import { useApi } from '@playz/queries';

/** GET /customer/domain-mailbox (spec 1 §7), for the mailbox variant of the welcome page. */
export function useWelcomeMailbox(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['account', 'domain-mailbox'],
    queryFn: ({ signal }) => api.getDomainMailbox({ signal }),
    enabled,
  });
}
