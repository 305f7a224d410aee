import { useQuery } from '@tanstack/react-query';
import { useApi } from '@playz/queries';

/** GET /customer/sso/deletion-status (decision 086): a provider's data-deletion request. */
export function useSocialDeletionStatus(code: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['social-deletion', code],
    queryFn: ({ signal }) => api.getSocialDeletionStatus({ query: { code }, signal }),
    retry: false,
  });
}
