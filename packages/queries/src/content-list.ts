import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';

/** GET /content-list/{id}: the list and its contents, in order (spec 2 §2 list player). */
export function useContentList(id: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['content-list', id] as const,
    queryFn: async ({ signal }) => (await api.getContentList({ params: { id }, signal })).ContentList,
    enabled,
  });
}
