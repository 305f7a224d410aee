import { prefetchContent } from '@playz/queries';
import type { AppServices } from './providers';

const CONTENT_PAGE = /^\/content\/(\d{1,15})\/[^/]+$/;

/**
 * What a page at `pathname` first reads, asked for now: a content's page gets its content, so it
 * asks for the stream on its first render. Only reads without side effects — never a stream URL,
 * which takes one of the account's device places (decision 018).
 */
export function prefetchPageData(pathname: string, services: Pick<AppServices, 'api' | 'queryClient'>): void {
  const content = CONTENT_PAGE.exec(pathname);
  if (content) prefetchContent(services.queryClient, services.api, content[1]!);
}

/**
 * Intent to open a page, read before the click: a pointer resting on a link, or the keyboard's
 * (or a remote's) focus on it. Both come hundreds of milliseconds before the click or Enter, so
 * the page's code — for a player page Shaka too (~700 kB to download and evaluate) — and its first
 * read load in that time rather than after it (decision 033 addendum, "play → first frame").
 * Nothing for links to other sites; each path once per page life (later visits find the code,
 * and the query cache decides whether data is still fresh).
 */
export function listenForNavigationIntent(doc: Document, onIntent: (pathname: string) => void): () => void {
  const seen = new Set<string>();
  const listener = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== doc.location.origin) return;
    if (seen.has(link.pathname)) return;
    seen.add(link.pathname);
    onIntent(link.pathname);
  };
  // pointerover covers the mouse and a finger's first contact; focusin the keyboard and remotes.
  doc.addEventListener('pointerover', listener, { capture: true, passive: true });
  doc.addEventListener('focusin', listener, { capture: true });
  return () => {
    doc.removeEventListener('pointerover', listener, { capture: true });
    doc.removeEventListener('focusin', listener, { capture: true });
  };
}
