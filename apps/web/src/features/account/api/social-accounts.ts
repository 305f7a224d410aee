import { useQuery } from '@tanstack/react-query';
import { useApi } from '@playz/queries';

/** GET /customer/sso/accounts (decision 086): the social accounts this account signs in with. */
export function useSocialAccounts() {
  const api = useApi();
  return useQuery({
    queryKey: ['account', 'social-accounts'],
    queryFn: async ({ signal }) => (await api.listSocialAccounts({ signal })).SocialAccounts,
  });
}
