import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@playz/api-client';
import { useApi, useStreamWarmUp } from './api-context';
import { parentalProofOf } from './parental-proof';

/** GET /content-list/{id}: the list and its contents, in order (spec 2 §2 list player). */
export function useContentList(id: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['content-list', id] as const,
    queryFn: async ({ signal }) => (await api.getContentList({ params: { id }, signal })).ContentList,
    enabled,
  });
}

/** GET /content-list/{id}/related: contents related to the list (spec 2 §2 players). */
export function useContentListRelated(id: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ['content-list', id, 'related'] as const,
    queryFn: async ({ signal }) => (await api.getContentListRelated({ params: { id }, signal })).Collection,
    enabled,
  });
}

/**
 * GET /content-list/{id}/url/adaptive: a list plays as one (decision 057). Without a content, the
 * stream is the content the viewer is at in the list, and the answer says which; with one, that
 * content of the list. Like a content's stream, fetched once per visit and never from an old cache.
 */
export function useContentListStream(
  id: string,
  contentId: number | null,
  usage: 'View' | 'Preview',
  target: 'player_dash' | 'player_hls',
  enabled = true,
) {
  const api = useApi();
  const warmUpEngine = useStreamWarmUp();
  return useQuery({
    queryKey: ['content-list', id, 'stream', contentId, usage, target] as const,
    queryFn: async ({ signal }) => {
      warmUpEngine();
      // A content of the list the parental code was given for carries its proof (decision 059).
      const proof = contentId !== null ? parentalProofOf(String(contentId)) : undefined;
      const query = {
        ...{ product_usage: usage, target, ...(contentId !== null ? { content_id: contentId } : {}) },
        ...(proof ? { parental_proof: proof } : {}),
      };
      return api.getContentListAdaptiveUrl({ params: { id }, query, signal });
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: (count, error) => !isApiError(error) && count < 1,
  });
}
