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
export interface OpeningIntent {
  /** A link to `pathname` pointed at or focused (navigation-intent.ts). */
  intent(pathname: string): void;
  /**
   * A link to `pathname` pressed: its opening, when ready, plays at once where the player's
   * stage will be (`.opening-launched`), before the page has rendered. True when it did.
   */
  press(pathname: string): boolean;
  /** The viewer went back or forward: an opening launched and not yet taken stops. */
  cancel(): void;
}

/** When a launched opening checks that its page did open. */
export const LAUNCH_CHECK_MS = 1000;

/** The class that puts a launched opening where the player page's stage will be (player.css). */
export const LAUNCHED_CLASS = 'opening-launched';

export function createOpeningIntent(
  services: Pick<AppServices, 'api' | 'queryClient'>,
  openings: Openings = pageOpenings,
): OpeningIntent {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The content page whose opening was asked last, and its key. */
  let last: { id: string; key: string } | null = null;
  /** Moves on at each intent, press and cancel: a preparation still reading its content then stops. */
  let generation = 0;

  async function prepare(id: string, asked: number): Promise<void> {
    const data = services.queryClient.getQueryData<AppData>(queryKeys.appData);
    if (!data?.Customer.logged || !mayWatch(data.Customer, 'content', [`Content:${Number(id)}`])) return;
    const content = await fetchContent(services.queryClient, services.api, id);
    // An episode plays on its own route, a programme from its channel: neither has an opening.
    if (asked !== generation || content.seriesID !== null || content.contentType === 'Programme') return;
    const start = resumeTime(content.playbackTime, content.duration);
    const key = openingKey(id, start);
    last = { id, key };
    openings.prepare(key, async () => {
      const query = { target: streamTarget(), ...(start !== undefined ? { start } : {}) };
      const stream = (await services.api.getContentOpening({ params: { id }, query })).AdaptiveStream;
      return { stream, startTime: start };
    });
  }

  return {
    intent(pathname) {
      clearTimeout(timer);
      const asked = ++generation;
      const id = CONTENT_PAGE.exec(pathname)?.[1];
      if (!id) return;
      timer = setTimeout(() => {
        prepare(id, asked).catch(() => {
          // No opening: the press plays the usual way.
        });
      }, OPENING_DWELL_MS);
    },
    press(pathname) {
      // Pressed: an opening still waiting for its dwell (a tap is quicker) is not needed any more.
      clearTimeout(timer);
      generation++;
      const id = CONTENT_PAGE.exec(pathname)?.[1];
      if (!id || last?.id !== id) return false;
      const key = last.key;
      const launched = openings.launch(key, (video) => {
        video.removeAttribute('style');
        video.removeAttribute('aria-hidden');
        video.className = LAUNCHED_CLASS;
      });
      // A press that did not open the page (the click was stopped, a page that would not leave)
      // must not leave the film playing over it; the page takes it long before.
      if (launched) setTimeout(() => window.location.pathname !== pathname && openings.drop(key), LAUNCH_CHECK_MS);
      return launched;
    },
    cancel() {
      clearTimeout(timer);
      generation++;
      last = null;
      openings.drop();
    },
  };
}

/**
 * The press on a link (a click, or Enter on a focused link, which clicks it), seen before the
 * router's own handler: a plain press only (a new tab or window plays nothing here).
 */
export function listenForOpeningPress(doc: Document, press: (pathname: string) => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (link instanceof HTMLAnchorElement && link.origin === doc.location.origin && !link.target) press(link.pathname);
  };
  doc.addEventListener('click', onClick, { capture: true });
  return () => doc.removeEventListener('click', onClick, { capture: true });
}
