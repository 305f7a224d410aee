import { useQuery } from '@tanstack/react-query';
import { useApi } from '@playz/queries';
import { queryKeys } from '@playz/queries';

/** GET /landing/data (spec 1 §7): title, offers, kids and music channels, films and series. */
export function useLandingData() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.landing,
    queryFn: async ({ signal }) => (await api.getLandingData({ signal })).Landing,
  });
}
