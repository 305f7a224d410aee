import { useQuery, type QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiClient } from '@playz/api-client';
import { useApi, useStreamWarmUp } from './api-context';
import { queryKeys } from './query-client';
import { fetchAppData } from './app-data';
import { itemsOpening, mayWatch } from './watch-access';

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

/** GET /content/{id}/url/adaptive: one query for the player page's hook and a first visit's prefetch. */
function contentStreamQuery(
  api: ApiClient,
  stream: { id: string; usage: 'View' | 'Preview'; target: 'player_dash' | 'player_hls'; airing: number | null },
  warmUpEngine: () => void,
) {
  const { id, usage, target, airing } = stream;
  return {
    queryKey: queryKeys.stream(id, usage, target, airing),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      warmUpEngine();
      const query = { product_usage: usage, target, ...(airing ? { schedule_id: airing } : {}) };
      return (await api.getContentAdaptiveUrl({ params: { id }, query, signal })).AdaptiveStream;
    },
    // Fetched once per visit: a refetch would hand the player a new url mid-film.
    staleTime: Infinity,
    retry: (count: number, error: unknown) => !isApiError(error) && count < 1,
  };
}

/**
 * GET /content/{id}/url/adaptive: View when entitled, Preview otherwise (spec 2 §4). The signed
 * url is short-lived and bound to the session, so it is never served from an old cache.
 */
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
  return useQuery({ ...contentStreamQuery(api, { id, usage, target, airing }, warmUpEngine), enabled, gcTime: 0 });
}

/**
 * The stream a first visit's content player page will ask (decision 033 addendum), asked as soon
 * as /data and the content are in rather than after the page's first render: the page's own query
 * then finds it. Asked with the page's own rule: no stream for an episode (its page is the
 * episode route) and View or Preview as the content route decides. Kept a while for the page
 * to take (its own query then forgets it when the page goes, as always).
 */
export async function prefetchContentStream(
  services: { api: ApiClient; queryClient: QueryClient },
  id: string,
  target: 'player_dash' | 'player_hls',
): Promise<void> {
  const { api, queryClient } = services;
  const [data, content] = await Promise.all([fetchAppData(queryClient, api), fetchContent(queryClient, api, id)]);
  if (content.seriesID !== null) return;
  const usage = mayWatch(data.Customer, 'content', itemsOpening(content)) ? 'View' : 'Preview';
  await queryClient.prefetchQuery({
    ...contentStreamQuery(api, { id, usage, target, airing: null }, () => {}),
    gcTime: FIRST_STREAM_KEPT_MS,
  });
}

/** How long a first visit's prefetched stream waits for its page: the app's start takes ~1 s. */
const FIRST_STREAM_KEPT_MS = 30_000;
