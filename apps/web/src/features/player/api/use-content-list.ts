import { useQuery } from '@tanstack/react-query';
import { useApi } from '@playz/queries';

/** GET /content-list/{id}: the list and its contents, in order (spec 2 §2 list player). */
export function useContentList(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['content-list', id] as const,
    queryFn: async ({ signal }) => (await api.getContentList({ params: { id }, signal })).ContentList,
  });
}
