import { resumeTime } from '@playz/domain';
import { openingKey, openings as pageOpenings, type Openings } from '@playz/player';
import { fetchContent, mayWatch, queryKeys, type AppData } from '@playz/queries';
import { streamTarget } from '@/lib/device';
import type { AppServices } from './providers';

/** `/content/{id}/{slug}` (the purchase confirmation page does not play). */
const CONTENT_PAGE = /^\/content\/(\d{1,15})\/(?!purchased$)[^/]+$/;

/**
 * How long the intent stays on one card before its opening is asked: a viewer moving along a
 * row with the arrows or the pointer asks none for the cards passed (openings are a few per
 * minute per session, decision 044).
 */
export const OPENING_DWELL_MS = 300;

/**
 * Openings for the cards the viewer points at (decision 044): after OPENING_DWELL_MS on a film's
 * or a clip's link, for a signed-in viewer who may View it, its first seconds from where the
 * viewer would start (the resume point) are loaded, paused, so the press plays at once. Anything
 * else (a visitor, no right, a programme, an episode, an encrypted content, a refusal) asks or
 * keeps nothing: the press then plays the usual way.
 */
export function createOpeningIntent(
  services: Pick<AppServices, 'api' | 'queryClient'>,
  openings: Openings = pageOpenings,
): (pathname: string) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function prepare(id: string): Promise<void> {
    const data = services.queryClient.getQueryData<AppData>(queryKeys.appData);
    if (!data?.Customer.logged || !mayWatch(data.Customer, 'content', [`Content:${Number(id)}`])) return;
    const content = await fetchContent(services.queryClient, services.api, id);
    // An episode plays on its own route, a programme from its channel: neither has an opening.
    if (content.seriesID !== null || content.contentType === 'Programme') return;
    const start = resumeTime(content.playbackTime, content.duration);
    openings.prepare(openingKey(id, start), async () => {
      const query = { target: streamTarget(), ...(start !== undefined ? { start } : {}) };
      const stream = (await services.api.getContentOpening({ params: { id }, query })).AdaptiveStream;
      return { stream, startTime: start };
    });
  }

  return (pathname) => {
    clearTimeout(timer);
    const id = CONTENT_PAGE.exec(pathname)?.[1];
    if (!id) return;
    timer = setTimeout(() => {
      prepare(id).catch(() => {
        // No opening: the press plays the usual way.
      });
    }, OPENING_DWELL_MS);
  };
}
