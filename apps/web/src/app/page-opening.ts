import type { QueryClient } from '@tanstack/react-query';
import type { AdaptiveStream } from '@playz/api-contract';
import { openingKey, openings as pageOpenings, outOfHiding, type Openings } from '@playz/player';
import { queryKeys } from '@playz/queries';
import { streamTarget } from '@/lib/device';
import { LAUNCHED_CLASS } from './opening-intent';

/**
 * `performance.mark`s of a first visit's opening, read by the first-visit benchmark
 * (bench/src/player/ttff.ts) to tell the loads that carried one and where the time went.
 */
export const PAGE_OPENING_MARK = 'playz:page-opening';
const markPageOpening = (step: 'prepared' | 'launched') => performance.mark(`${PAGE_OPENING_MARK}:${step}`);

/** The `<meta>` the server writes into a film's player page (apps/server/src/modules/seo/page-opening.ts). */
const META_NAME = 'playz-opening';

interface PageOpening {
  contentId: string;
  start: number | null;
  target: string;
  url: string;
  type: 'hls' | 'dash';
}

function isPageOpening(value: unknown): value is PageOpening {
  const opening = value as Partial<PageOpening> | null;
  return (
    typeof opening === 'object' &&
    opening !== null &&
    typeof opening.contentId === 'string' &&
    /^\d{1,15}$/.test(opening.contentId) &&
    (opening.start === null || typeof opening.start === 'number') &&
    typeof opening.url === 'string' &&
    /^\/(?!\/)/.test(opening.url) &&
    (opening.type === 'hls' || opening.type === 'dash')
  );
}

/**
 * A first visit of a film's player page (decision 111): the server put the film's opening
 * (decision 044, no device place) into the page's HTML, and its manifest is already on its way
 * (a preload). The entry starts loading it at once, before `/data` and the page's render, into
 * the openings the player page takes from (`openingKey` of the content and its start, as the
 * page asks). The player's own View stream still takes the device place when it plays.
 * Returns the opening's key, or null when the page has none (or one made for another target).
 */
export function startPageOpening(
  doc: Document,
  openings: Openings = pageOpenings,
  target: string = streamTarget(),
): { key: string; contentId: string } | null {
  const meta = doc.querySelector(`meta[name="${META_NAME}"]`);
  // Read once: a later page of the same app is no first visit.
  meta?.remove();
  let opening: unknown;
  try {
    opening = JSON.parse(meta?.getAttribute('content') ?? 'null');
  } catch {
    return null;
  }
  if (!isPageOpening(opening) || opening.target !== target) return null;
  const startTime = opening.start ?? undefined;
  const key = openingKey(opening.contentId, startTime);
  const stream = { url: opening.url, type: opening.type };
  openings.prepare(key, async () => ({ stream, startTime }));
  markPageOpening('prepared');
  return { key, contentId: opening.contentId };
}

/**
 * Plays the page's opening as soon as the player page's own View stream is granted (the answer
 * that takes the device place, spec 1 §6) and the opening has its first frame, where the page's
 * stage will be (`.opening-launched`, as a press in the app does, decision 044): the page's
 * render, which comes later, then takes it over. A refused stream (the devices limit, no right)
 * launches nothing and the page drops the opening; a viewer who left the page meanwhile neither.
 * Returns the unsubscription.
 */
export function launchPageOpeningWhenGranted(
  opening: { key: string; contentId: string },
  queryClient: QueryClient,
  options: { openings?: Openings; target?: string; stillHere?: () => boolean } = {},
): () => void {
  const openings = options.openings ?? pageOpenings;
  const viewKey = JSON.stringify(queryKeys.stream(opening.contentId, 'View', options.target ?? streamTarget(), null));
  const cache = queryClient.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    if (JSON.stringify(event.query.queryKey) !== viewKey) return;
    const { status, data } = event.query.state as { status: string; data: AdaptiveStream | undefined };
    if (status === 'error') unsubscribe();
    if (status !== 'success' || !data) return;
    unsubscribe();
    // The player takes over only a film watched in full (content-player-page.tsx).
    if (data.usage !== 'View' || data.window || data.contentProtection) return;
    void openings.settled(opening.key).then(() => {
      if (!(options.stillHere?.() ?? true)) return;
      if (openings.launch(opening.key, (video) => void (outOfHiding(video).className = LAUNCHED_CLASS)))
        markPageOpening('launched');
    });
  });
  return unsubscribe;
}
