import { useQuery } from '@tanstack/react-query';
import { isApiError, type ApiClient } from '@playz/api-client';
import type { Customer } from '@playz/api-contract';
import { canPlay, SCHEDULE_REFRESH_MS } from '@playz/domain';
import { useApi, useStreamWarmUp } from './api-context';
import { parentalProofOf } from './parental-proof';

/** The guide shown beside the player: today's earlier programmes (to replay) and the next ones. */
const GUIDE_PAST_MS = 6 * 3600 * 1000;
const GUIDE_AHEAD_MS = 12 * 3600 * 1000;

/**
 * GET /channels (spec 2 §7): every channel with the programme on air. The same query for the
 * app's hook and for a first visit's channel page, whose entry asks it first (decision 138).
 */
export function channelsQuery(api: ApiClient) {
  return {
    queryKey: ['channels'] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) => (await api.getChannels({ signal })).Channels,
    staleTime: SCHEDULE_REFRESH_MS,
  };
}

/** `channelsQuery`, refreshed every 10 s while shown (spec 2 §4). */
export function useChannels() {
  return useQuery({ ...channelsQuery(useApi()), refetchInterval: SCHEDULE_REFRESH_MS });
}

/** A live channel's stream is the viewer's to watch (View) with service or replay access, or full access; a preview otherwise (spec 2 §4). */
export function liveUsageOf(customer: Pick<Customer, 'hasFullAccess' | 'productAccess'>): 'View' | 'Preview' {
  return customer.hasFullAccess || canPlay('live', customer.productAccess) ? 'View' : 'Preview';
}

/** GET /channel/{id}/schedule around now (spec 2 §7), refreshed every 10 s (spec 2 §4, §9). */
export function useChannelGuide(channelId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['channel', channelId, 'guide'] as const,
    enabled: channelId !== null,
    queryFn: async ({ signal }) => {
      const now = Date.now();
      const query = {
        date_from: new Date(now - GUIDE_PAST_MS).toISOString(),
        date_to: new Date(now + GUIDE_AHEAD_MS).toISOString(),
      };
      return (await api.getChannelSchedule({ params: { id: String(channelId) }, query, signal })).Schedules;
    },
    refetchInterval: SCHEDULE_REFRESH_MS,
    staleTime: SCHEDULE_REFRESH_MS,
  });
}

/**
 * GET /channel/{id}/url/adaptive (spec 2 §7): View when entitled, Preview otherwise (spec 2 §4);
 * start_over plays the running programme from its start. Fetched once per choice: the signed
 * URL lasts hours and the player keeps reloading its manifest. The same query for the page's hook
 * and for a first visit's entry, which asks it before the page has rendered (decision 138).
 */
export function channelStreamQuery(
  api: ApiClient,
  channelId: number | null,
  usage: 'View' | 'Preview',
  target: 'player_dash' | 'player_hls',
  startOver: boolean,
  /**
   * The programme on air the parental code may have been given for (decision 064): its proof, read
   * when the stream is asked, goes with the call. Not part of the key: a new programme on air is the
   * same stream, asked again by the page at the boundary.
   */
  programmeOnAir: () => number | null,
  warmUpEngine: () => void,
) {
  return {
    queryKey: ['channel', channelId, 'stream', usage, target, startOver] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      // The player's engine downloads alongside the URL rather than after it (time to first frame).
      warmUpEngine();
      const programme = programmeOnAir();
      const proof = programme !== null ? parentalProofOf(String(programme)) : undefined;
      return (
        await api.getChannelAdaptiveUrl({
          params: { id: String(channelId) },
          query: {
            ...{ product_usage: usage, target, ...(startOver ? { start_over: '1' as const } : {}) },
            ...(proof ? { parental_proof: proof } : {}),
          },
          signal,
        })
      ).AdaptiveStream;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: (count: number, error: unknown) => !isApiError(error) && count < 1,
  };
}

/** The page's channel stream (`channelStreamQuery`); `enabled` false asks nothing yet. */
export function useChannelStream(
  channelId: number | null,
  usage: 'View' | 'Preview',
  target: 'player_dash' | 'player_hls',
  startOver: boolean,
  enabled = true,
  programmeOnAir: () => number | null = () => null,
) {
  const api = useApi();
  const warmUpEngine = useStreamWarmUp();
  return useQuery({
    ...channelStreamQuery(api, channelId, usage, target, startOver, programmeOnAir, warmUpEngine),
    enabled: enabled && channelId !== null,
  });
}
