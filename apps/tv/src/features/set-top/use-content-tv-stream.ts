import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@playz/api-client';
import { sourceTypeFromUrl } from '@playz/domain';
import type { Platform } from '@playz/platform';
import type { PlayerSource } from '@playz/player';
import { parentalProofOf, useApi, useStreamWarmUp } from '@playz/queries';

/** The TV URL as the content player plays it: the usage it was asked for is the one served. */
export type TvStream = PlayerSource & { usage: 'View' | 'Preview' };

/**
 * GET /content/{id}/url/tv (spec 2 §7), what the Orange box plays a content with (spec 2 §8: the
 * request whose failure is the content error I04-PLAYZ; decision 087): one absolute URL that
 * carries its own authority — the HLS stream for View, which needs access (else 4) and holds a
 * device place like url/adaptive, the teaser for Preview. Its type is read from the URL (spec 2
 * §4 "chosen by file extension"). Asked once per visit, as the adaptive stream is.
 */
export function useContentTvStream(id: string, usage: 'View' | 'Preview', enabled: boolean) {
  const api = useApi();
  const warmUpEngine = useStreamWarmUp();
  return useQuery({
    queryKey: ['stream-tv', id, usage],
    queryFn: async ({ signal }): Promise<TvStream> => {
      warmUpEngine();
      const proof = parentalProofOf(id);
      const query = {
        product_usage: usage,
        target: 'player_hls' as const,
        ...(proof ? { parental_proof: proof } : {}),
      };
      const { ContentUrl } = await api.getContentTvUrl({ params: { id }, query, signal });
      return { url: ContentUrl.url, type: sourceTypeFromUrl(ContentUrl.url), contentProtection: null, usage };
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: (count, error) => !isApiError(error) && count < 1,
  });
}

/**
 * The platforms whose content player asks /content/{id}/url/tv: the operator set-top box, the one
 * the spec ties that call to (spec 2 §8). The others play the adaptive stream (decision 087).
 */
export function playsByTvUrl(platform: Platform): boolean {
  return platform === 'OrangeSTB';
}
