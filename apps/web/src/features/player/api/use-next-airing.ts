import { useQuery } from '@tanstack/react-query';
import { SCHEDULE_REFRESH_MS } from '@playz/domain';
import { useApi } from '@playz/queries';

/**
 * The next airing of a programme on its channel within a day (GET /channel/{id}/schedule, spec
 * 2 §7), for the "scheduled at" toast and the time remaining of spec 2 §2 players.
 */
export function useNextAiring(contentId: number, channelId: number | null, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['channel', channelId, 'next-airing', contentId] as const,
    enabled: enabled && channelId !== null,
    queryFn: async ({ signal }) => {
      const { Schedules } = await api.getChannelSchedule({ params: { id: String(channelId) }, signal });
      return (
        Schedules.find((s) => s.content.contentID === contentId && Date.parse(s.dateScheduled) > Date.now()) ?? null
      );
    },
    staleTime: SCHEDULE_REFRESH_MS,
  });
}
