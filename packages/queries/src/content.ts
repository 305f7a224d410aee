import { parentalProofOf } from './parental-proof';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiClient } from '@playz/api-client';
import { useApi, useStreamWarmUp } from './api-context';
import { queryKeys } from './query-client';

/** GET /content/{id} (spec 2 §7): one query for the page's hook and for a prefetch before it. */
function contentQuery(api: ApiClient, id: string, warmUpEngine: () => void) {
  return {
    queryKey: queryKeys.content(id),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      // The content page plays it: the player's engine downloads alongside (time to first frame).
      warmUpEngine();
      return (await api.getContent({ params: { id }, signal })).Content;
    },
  };
}

/** GET /content/{id} (spec 2 §7); `enabled` false asks nothing (an id that cannot exist). */
export function useContent(id: string, enabled = true) {
  const api = useApi();
  const warmUpEngine = useStreamWarmUp();
  return useQuery({ ...contentQuery(api, id, warmUpEngine), enabled });
}

/**
 * Asks for a content before its page opens (a link to it pointed at or focused): the page then
 * renders with it and asks for its stream at once. A read without side effects, kept as long as
 * the page's own query would keep it; an error is left for the page's own query to show. It does
 * not warm the player's engine (the page's own preload does, apps/web router).
 */
export function prefetchContent(queryClient: QueryClient, api: ApiClient, id: string): void {
  void queryClient.prefetchQuery(contentQuery(api, id, () => {}));
}

/** The content as its page will read it: from the cache while fresh, else asked (an opening, decision 044). */
export function fetchContent(queryClient: QueryClient, api: ApiClient, id: string) {
  return queryClient.fetchQuery(contentQuery(api, id, () => {}));
}

/** GET /content/{id}/related (spec 2 §7). */
export function useRelatedContents(id: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.related(id),
    queryFn: async ({ signal }) => (await api.getRelatedContents({ params: { id }, signal })).Collection,
    enabled,
  });
}

/**
 * GET /content/{id}/url/adaptive: View when entitled, Preview otherwise (spec 2 §4). The signed
 * url is short-lived and bound to the session, so it is never served from an old cache. The same
 * query for the page's hook and for a first visit's entry, which asks it before the page has
 * rendered (decision 120): the page then finds the answer under its own key.
 */
export function contentStreamQuery(
  api: ApiClient,
  id: string,
  usage: 'View' | 'Preview',
  target: 'player_dash' | 'player_hls',
  /** A given airing of a programme (replay from the guide, decision 022). */
  airing: number | null,
  warmUpEngine: () => void,
) {
  return {
    queryKey: queryKeys.stream(id, usage, target, airing),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      warmUpEngine();
      // A content the parental code was given for carries its proof (decision 059).
      const proof = parentalProofOf(id);
      const query = {
        ...{ product_usage: usage, target, ...(airing ? { schedule_id: airing } : {}) },
        ...(proof ? { parental_proof: proof } : {}),
      };
      return (await api.getContentAdaptiveUrl({ params: { id }, query, signal })).AdaptiveStream;
    },
    // Fetched once per visit: a refetch would hand the player a new url mid-film.
    staleTime: Infinity,
    gcTime: 0,
    retry: (count: number, error: unknown) => !isApiError(error) && count < 1,
  };
}

/** The page's stream (`contentStreamQuery`); `enabled` false asks nothing yet. */
export function useContentStream(
  id: string,
  usage: 'View' | 'Preview',
  target: 'player_dash' | 'player_hls',
  enabled: boolean,
  /** A given airing of a programme (replay from the guide, decision 022). */
  airing: number | null = null,
) {
  const api = useApi();
  const warmUpEngine = useStreamWarmUp();
  return useQuery({ ...contentStreamQuery(api, id, usage, target, airing, warmUpEngine), enabled });
}
