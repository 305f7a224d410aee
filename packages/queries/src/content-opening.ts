import type { QueryClient } from '@tanstack/react-query';
import type { AdaptiveStream } from '@playz/api-contract';
import type { ApiClient } from '@playz/api-client';
import { openingKey, resumeTime } from '@playz/domain';
import type { AppData } from './app-data';
import { fetchContent } from './content';
import { queryKeys } from './query-client';
import { itemsOpening, mayWatch } from './watch-access';

/** A content's opening as the intent prepares it (decision 044, @playz/player `FindOpening`). */
export interface ContentOpening {
  /** Its name: the content and where the player page will start (spec 2 §4 resume point). */
  key: string;
  /** The name as the player page would ask it now, from the cached content (its start moves). */
  keyNow: () => string;
  /** Asks the opening's stream (GET /content/{id}/url/opening): only when it is loaded. */
  source: () => Promise<{ stream: AdaptiveStream; startTime: number | undefined }>;
}

/**
 * The opening of content `id` for the signed-in viewer who may View it, from where their player
 * page will start; null when none is asked: a visitor, no right, a programme (it plays from its
 * channel), and an episode unless `episodes` (the web plays episodes on a route of their own).
 * The server decides again (an encrypted content, the counts: decision 044).
 */
export async function contentOpening(
  services: { api: ApiClient; queryClient: QueryClient },
  id: string,
  target: 'player_hls' | 'player_dash',
  options: { episodes: boolean },
): Promise<ContentOpening | null> {
  const customer = services.queryClient.getQueryData<AppData>(queryKeys.appData)?.Customer;
  if (!customer?.logged) return null;
  const content = await fetchContent(services.queryClient, services.api, id);
  if (content.contentType === 'Programme' || (content.seriesID !== null && !options.episodes)) return null;
  const kind = content.contentType === 'Episode' ? 'episode' : 'content';
  // The content's own purchase, or its season's or series' (an episode's).
  if (!mayWatch(customer, kind, itemsOpening(id, content))) return null;
  const start = resumeTime(content.playbackTime, content.duration);
  const key = openingKey(id, start);
  return {
    key,
    keyNow: () => {
      const cached = services.queryClient.getQueryData<typeof content>(queryKeys.content(id));
      return cached ? openingKey(id, resumeTime(cached.playbackTime, cached.duration)) : key;
    },
    source: async () => {
      const query = { target, ...(start !== undefined ? { start } : {}) };
      const stream = (await services.api.getContentOpening({ params: { id }, query })).AdaptiveStream;
      return { stream, startTime: start };
    },
  };
}
