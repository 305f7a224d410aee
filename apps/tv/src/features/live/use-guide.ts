import { useQueries } from '@tanstack/react-query';
import type { Channel } from '@playz/api-contract';
import { useApi } from '@playz/queries';

/** The grid is refreshed once a minute: ten-second refreshes (the player's) for every channel would be too many calls. */
const GUIDE_REFRESH_MS = 60_000;

/** GET /channel/{id}/schedule for every channel of the grid, over the window (spec 2 §7). */
export function useGuide(channels: readonly Pick<Channel, 'channelID'>[], start: number, span: number) {
  const api = useApi();
  const from = new Date(start).toISOString();
  const to = new Date(start + span).toISOString();
  return useQueries({
    queries: channels.map((channel) => ({
      queryKey: ['channel', channel.channelID, 'guide-grid', from, to] as const,
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (
          await api.getChannelSchedule({
            params: { id: String(channel.channelID) },
            query: { date_from: from, date_to: to },
            signal,
          })
        ).Schedules,
      refetchInterval: GUIDE_REFRESH_MS,
      staleTime: GUIDE_REFRESH_MS,
    })),
  });
}
