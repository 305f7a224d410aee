import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@playz/api-client';
import { SCHEDULE_REFRESH_MS } from '@playz/domain';
import { useApi } from '@playz/queries';

/** GET /live-event/{id} (spec 2 §7): its state moves with the clock, so it is read every 10 s. */
export function useLiveEvent(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['live-event', id] as const,
    queryFn: async ({ signal }) => (await api.getLiveEvent({ params: { id }, signal })).LiveEvent,
    refetchInterval: SCHEDULE_REFRESH_MS,
  });
}

/** GET /live-events/ (spec 2 §7): the events to come and running, for a channel's page. */
export function useUpcomingLiveEvents() {
  const api = useApi();
  return useQuery({
    queryKey: ['live-events'] as const,
    queryFn: async ({ signal }) => (await api.getLiveEvents({ signal })).LiveEvents,
    staleTime: SCHEDULE_REFRESH_MS,
  });
}

/**
 * GET /live-event/{id}/url/adaptive: the channel while it runs, the replay after, the
 * countdown media before; asked again when the state changes (the key holds it).
 */
export function useLiveEventStream(
  id: string,
  state: string | undefined,
  usage: 'View' | 'Preview',
  target: 'player_dash' | 'player_hls',
) {
  const api = useApi();
  return useQuery({
    queryKey: ['live-event', id, 'stream', state, usage, target] as const,
    enabled: state !== undefined,
    queryFn: async ({ signal }) =>
      (await api.getLiveEventAdaptiveUrl({ params: { id }, query: { product_usage: usage, target }, signal }))
        .AdaptiveStream,
    staleTime: Infinity,
    gcTime: 0,
    retry: (count, error) => !isApiError(error) && count < 1,
  });
}
