import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdaptiveStream } from '@playz/api-contract';
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

/**
 * First visits' streams asked before their page (prefetchContentStream), by query key: the page's
 * query takes its own once. Not kept in the query cache, whose stream entries live only while their
 * page does (gcTime 0: a page opened again asks a fresh URL and device place).
 */
const earlyStreams = new Map<string, { answer: Promise<AdaptiveStream>; at: number }>();
/** How long a first visit's early stream waits for its page: the app's start takes about a second. */
const EARLY_STREAM_KEPT_MS = 30_000;

/** GET /content/{id}/url/adaptive: one query for the player page's hook and a first visit's read ahead. */
function contentStreamQuery(
  api: ApiClient,
  stream: { id: string; usage: 'View' | 'Preview'; target: 'player_dash' | 'player_hls'; airing: number | null },
  warmUpEngine: () => void,
) {
  const { id, usage, target, airing } = stream;
  const queryKey = queryKeys.stream(id, usage, target, airing);
  return {
    queryKey,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<AdaptiveStream> => {
      warmUpEngine();
      const early = earlyStreams.get(JSON.stringify(queryKey));
      earlyStreams.delete(JSON.stringify(queryKey));
      if (early && Date.now() - early.at < EARLY_STREAM_KEPT_MS) return early.answer;
      const query = { product_usage: usage, target, ...(airing ? { schedule_id: airing } : {}) };
      return (await api.getContentAdaptiveUrl({ params: { id }, query, signal })).AdaptiveStream;
    },
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
  return useQuery({
    ...contentStreamQuery(api, { id, usage, target, airing }, warmUpEngine),
    enabled,
    // Fetched once per visit: a refetch would hand the player a new url mid-film.
    staleTime: Infinity,
    gcTime: 0,
    retry: (count, error) => !isApiError(error) && count < 1,
  });
}

/**
 * The stream a first visit's content player page will ask (decision 033 addendum), asked as soon
 * as /data and the content are in rather than after the page's first render: the page's own query
 * then takes the answer (once, within EARLY_STREAM_KEPT_MS). Asked with the page's own rule: no
 * stream for an episode (its page is the episode route) and View or Preview as the content route
 * decides. A failure is the page's to show: its query gets the same rejection.
 */
export async function prefetchContentStream(
  services: { api: ApiClient; queryClient: QueryClient },
  id: string,
  target: 'player_dash' | 'player_hls',
): Promise<void> {
  const { api, queryClient } = services;
  const [data, content] = await Promise.all([fetchAppData(queryClient, api), fetchContent(queryClient, api, id)]);
  if (content.seriesID !== null) return;
  const usage: 'View' | 'Preview' = mayWatch(data.Customer, 'content', itemsOpening(content)) ? 'View' : 'Preview';
  const query = { product_usage: usage, target };
  const answer = api.getContentAdaptiveUrl({ params: { id }, query }).then((response) => response.AdaptiveStream);
  // Its rejection is the page's query's to see; unhandled here it would be reported twice.
  answer.catch(() => undefined);
  earlyStreams.set(JSON.stringify(queryKeys.stream(id, usage, target, null)), { answer, at: Date.now() });
  await answer.catch(() => undefined);
}
