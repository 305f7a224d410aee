import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';
import { queryKeys } from './query-client';

/** GET /page/home/rows?with_data=1 (spec 2 §7). */
export function useHomeRows() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.pageRows('home'),
    queryFn: async ({ signal }) =>
      (await api.getPageRows({ params: { id: 'home' }, query: { with_data: '1' }, signal })).Rows,
  });
}
