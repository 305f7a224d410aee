import { channelsQuery, prefetchContent } from '@playz/queries';
import type { AppServices } from './providers';

/** `/content/{id}/{slug}`; `purchased` is the purchase confirmation page, which does not play. */
const CONTENT_PAGE = /^\/content\/(\d{1,15})\/(?!purchased$)[^/]+$/;
/** The live channel player's pages (`/channels`, `/channel/{id}[/{slug}]`). */
export const CHANNEL_PAGE = /^\/(?:channels|channel\/\d{1,15}(?:\/[^/]+)?)$/;

/**
 * What a page at `pathname` first reads, asked for now: a content's page gets its content, so it
 * asks for the stream on its first render; a channel's page the channels' list. Only reads without side effects — never a stream URL,
 * which takes one of the account's device places (decision 018). The query cache decides: a
 * content still fresh is not asked again. (The player's engine is warmed by the page's own
 * preload, `preloadRouteOf`, not here.)
 */
export function prefetchPageData(pathname: string, services: Pick<AppServices, 'api' | 'queryClient'>): void {
  const content = CONTENT_PAGE.exec(pathname);
  if (content) prefetchContent(services.queryClient, services.api, content[1]!);
  // A channel's page chooses its channel from the list (spec 2 §2): read before the press, the
  // press's render asks the channel's stream at once (decision 138).
  if (CHANNEL_PAGE.test(pathname)) void services.queryClient.prefetchQuery(channelsQuery(services.api));
}

/** The link of this site an event happened on (in or on it), if any. */
export function siteLinkOf(event: Event, doc: Document = document): HTMLAnchorElement | null {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  return link instanceof HTMLAnchorElement && link.origin === doc.location.origin ? link : null;
}

/** A pointer that stays this long on a link means it (a pointer sweeping across a row does not). */
export const POINTER_DWELL_MS = 80;

/**
 * Intent to open a page, read before the click: a pointer resting on a link for POINTER_DWELL_MS
 * (a mouse once it has moved onto it), or the keyboard's (or a remote's) focus on it, at once.
 * Both come hundreds of milliseconds before the click or Enter, so the page's code — for a player
 * page Shaka too (~700 kB to download and evaluate) — and its first read load in that time rather
 * than after it (decision 033 addendum, "play → first frame"; decision 044, openings). Nothing
 * for links to other sites.
 */
export function listenForNavigationIntent(doc: Document, onIntent: (pathname: string) => void): () => void {
  let pending: { link: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null = null;
  const linkOf = (event: Event) => siteLinkOf(event, doc);
  const onPointerOver = (event: Event) => {
    // A mouse means a link once it moves on it: a page changing under a resting mouse (a banner
    // closing, a row scrolling) puts links under it that the viewer never chose.
    if ((event as PointerEvent).pointerType === 'mouse') return;
    dwellOn(event);
  };
  const onPointerMove = (event: Event) => {
    if ((event as PointerEvent).pointerType === 'mouse') dwellOn(event);
  };
  /** The link the pointer's intent was told for, until the pointer leaves it (moving on it says nothing new). */
  let told: HTMLAnchorElement | null = null;
  const dwellOn = (event: Event) => {
    const link = linkOf(event);
    if (pending?.link === link || (link !== null && told === link)) return;
    told = null;
    if (pending) clearTimeout(pending.timer);
    pending = link
      ? {
          link,
          timer: setTimeout(() => {
            pending = null;
            told = link;
            onIntent(link.pathname);
          }, POINTER_DWELL_MS),
        }
      : null;
  };
  const onFocusIn = (event: Event) => {
    const link = linkOf(event);
    if (link) onIntent(link.pathname);
  };
  // pointermove covers the mouse, pointerover a finger's (or a pen's) first contact; focusin the
  // keyboard and remotes.
  doc.addEventListener('pointerover', onPointerOver, { capture: true, passive: true });
  doc.addEventListener('pointermove', onPointerMove, { capture: true, passive: true });
  doc.addEventListener('focusin', onFocusIn, { capture: true });
  return () => {
    if (pending) clearTimeout(pending.timer);
    doc.removeEventListener('pointerover', onPointerOver, { capture: true });
    doc.removeEventListener('pointermove', onPointerMove, { capture: true });
    doc.removeEventListener('focusin', onFocusIn, { capture: true });
  };
}
