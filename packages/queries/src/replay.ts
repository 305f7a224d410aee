import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';

export type ReplayTab = 'channels' | 'genres';

/** GET /replay/channels or /replay/genres (spec 2 §7): one named collection per channel or genre. */
export function useReplayCollections(tab: ReplayTab) {
  const api = useApi();
  return useQuery({
    queryKey: ['replay', tab] as const,
    queryFn: async ({ signal }) =>
      (tab === 'channels' ? await api.getReplayChannels({ signal }) : await api.getReplayGenres({ signal }))
        .Collections,
  });
}

/** GET /replay/last-hours: programmes that ended within the last 24 hours. */
export function useReplayLastHours() {
  const api = useApi();
  return useQuery({
    queryKey: ['replay', 'last-hours'] as const,
    queryFn: async ({ signal }) => (await api.getReplayLastHours({ signal })).Collection,
  });
}

/** GET /channels: the logos of the by-channel rows (the collections carry only the channel id). */
export function useChannelLogos(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['channels', 'logos'] as const,
    enabled,
    queryFn: async ({ signal }) => {
      const { Channels } = await api.getChannels({ signal });
      return new Map(Channels.map((channel) => [channel.channelID, channel.thumbnailUrl ?? channel.images.portrait]));
    },
  });
}
