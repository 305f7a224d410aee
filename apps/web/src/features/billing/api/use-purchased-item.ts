import { useQuery } from '@tanstack/react-query';
import type { PurchaseContentRequest } from '@playz/api-contract';
import { useApi } from '@playz/queries';
import { contentListPath, playerPath } from '@/lib/catalogue-links';

export interface PurchasedItem {
  title: string;
  image: string | null;
  playPath: string;
}

/** What was bought, read from the catalogue: its title, a picture and where it plays. */
export function usePurchasedItem(kind: PurchaseContentRequest['contentType'], id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['billing', 'purchased', kind, id],
    queryFn: async ({ signal }): Promise<PurchasedItem> => {
      const params = { id };
      if (kind === 'Content') {
        const { Content } = await api.getContent({ params, signal });
        return {
          title: Content.title,
          image: Content.images.backdrop ?? Content.images.landscape ?? Content.posterUrl,
          playPath: playerPath(Content),
        };
      }
      if (kind === 'ContentList') {
        const { ContentList } = await api.getContentList({ params, signal });
        return {
          title: ContentList.name,
          image: ContentList.images.backdrop ?? ContentList.images.landscape ?? ContentList.posterUrl,
          playPath: contentListPath(ContentList),
        };
      }
      const { LiveEvent } = await api.getLiveEvent({ params, signal });
      return {
        title: LiveEvent.name,
        image: LiveEvent.images.backdrop ?? LiveEvent.images.landscape ?? LiveEvent.posterUrl,
        playPath: `/live-event/${LiveEvent.liveEventID}/${LiveEvent.slug}`,
      };
    },
  });
}
