import { createOpeningIntent, openings as pageOpenings, type Openings } from '@playz/player';
import { contentOpening } from '@playz/queries';
import { streamTarget } from '@/lib/device';
import { LAUNCHED_CLASS } from './page-opening-start';
import type { pressChannelLink } from './channel-opening';
import { CHANNEL_PAGE, siteLinkOf } from './navigation-intent';
import type { AppServices } from './providers';

/** `/content/{id}/{slug}` (the purchase confirmation page does not play). */
const CONTENT_PAGE = /^\/content\/(\d{1,15})\/(?!purchased$)[^/]+$/;
/** `/series/{id}/{slug}/season/{id}/{slug}/episode/{id}/{slug}`: an episode plays on its own page. */
const EPISODE_PAGE = /^\/series\/\d{1,15}\/[^/]+\/season\/\d{1,15}\/[^/]+\/episode\/(\d{1,15})\/[^/]+$/;

/** The content a link's page plays, and whether that page is an episode's. */
function playedBy(pathname: string): { id: string; episode: boolean } | null {
  const content = CONTENT_PAGE.exec(pathname)?.[1];
  if (content) return { id: content, episode: false };
  const episode = EPISODE_PAGE.exec(pathname)?.[1];
  return episode ? { id: episode, episode: true } : null;
}

/** The class that puts a launched opening where the player page's stage will be (player.css). */
export { LAUNCHED_CLASS };

/** What a channel page's press needs of its start's chunk (channel-opening.ts). */
type ChannelStart = { pressChannelLink: typeof pressChannelLink };

/** The web's intents and presses are links: what they point at, by path. */
export interface LinkOpeningIntent {
  /** A link to `pathname` pointed at or focused (navigation-intent.ts). */
  intent(pathname: string): void;
  /**
   * A link to `pathname` pressed (`click`, the press's event, when it was one): true when its
   * opening played at once, or a channel's press holds the click until its picture (decision 143).
   */
  press(pathname: string, click?: MouseEvent): boolean;
  /** The viewer went back or forward. */
  cancel(): void;
}

/**
 * Openings for the links the viewer points at (decision 044, @playz/player `createOpeningIntent`):
 * a film's, a clip's or an episode's page, for a signed-in viewer who may View it (@playz/queries
 * `contentOpening`). An episode's `/content/` link has none: its page is the episode's route.
 */
export function createLinkOpeningIntent(
  services: Pick<AppServices, 'api' | 'queryClient'>,
  openings: Openings = pageOpenings,
  /** The press-time start of a channel's page (decision 140), its chunk loaded on the link's intent. */
  loadChannelStart: () => Promise<ChannelStart> = () => import('./channel-opening'),
): LinkOpeningIntent {
  const opening = createOpeningIntent(async (pathname) => {
    const played = playedBy(pathname);
    if (!played) return null;
    return contentOpening(services, played.id, streamTarget(), { episodes: played.episode });
  }, openings);
  let channelStart: ChannelStart | null = null;
  let channelLoading: Promise<unknown> | null = null;
  return {
    intent(pathname) {
      if (!channelLoading && CHANNEL_PAGE.test(pathname))
        channelLoading = loadChannelStart().then(
          (loaded) => (channelStart = loaded),
          // Fetched again at the next intent; meanwhile a press is the page's.
          () => (channelLoading = null),
        );
      opening.intent(playedBy(pathname) ? pathname : null);
    },
    press(pathname, click) {
      if (!playedBy(pathname)) {
        opening.intent(null);
        return channelStart?.pressChannelLink(pathname, services, { openings }, click) ?? false;
      }
      return opening.press(pathname, LAUNCHED_CLASS, () => window.location.pathname === pathname) !== null;
    },
    cancel: () => opening.cancel(),
  };
}

/**
 * The press on a link (a click, or Enter on a focused link, which clicks it), seen before the
 * router's own handler: a plain press only (a new tab or window plays nothing here).
 */
export function listenForOpeningPress(doc: Document, press: (pathname: string, click: MouseEvent) => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = siteLinkOf(event, doc);
    if (link && !link.target) press(link.pathname, event);
  };
  doc.addEventListener('click', onClick, { capture: true });
  return () => doc.removeEventListener('click', onClick, { capture: true });
}
