import { useTranslation } from '@/lib/use-translation';
import { toPlayerRoute } from '@playz/remote';
import { useChannels, useContent } from '@playz/queries';

/**
 * The name of what a player route plays, for the phone's lists: a content's title or a channel's
 * name from the catalogue, else "Contenu n° 12" while it loads or when the catalogue has none.
 */
export function useRouteTitle(route: string | null): { title: string; image: string | null } {
  const { t } = useTranslation();
  const player = route ? toPlayerRoute(route) : null;
  const isContent = player?.type === 'content' || player?.type === 'clip';
  const content = useContent(String(player?.id ?? 0), isContent);
  const channels = useChannels();
  if (!player) return { title: '', image: null };
  if (isContent && content.data)
    return { title: content.data.title, image: content.data.images.landscape ?? content.data.images.backdrop ?? null };
  const channel =
    player.type === 'channel' ? channels.data?.find((candidate) => candidate.channelID === player.id) : undefined;
  if (channel) return { title: channel.name, image: channel.posterUrl ?? null };
  return { title: t(`remote.phone.route.${player.type}`, { id: player.id }), image: null };
}
