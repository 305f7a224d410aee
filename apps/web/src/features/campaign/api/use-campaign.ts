import { useQuery } from '@tanstack/react-query';
import { useApi } from '@playz/queries';

/** GET /service/csa/contents (spec 2 §7): the videos of the regulator campaign page. */
export function useCampaignContents() {
  const api = useApi();
  return useQuery({
    queryKey: ['service', 'csa', 'contents'] as const,
    queryFn: async ({ signal }) => (await api.getCsaContents({ signal })).Collection,
  });
}
