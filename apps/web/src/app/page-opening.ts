import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@playz/api-client';
import type { AdaptiveStream } from '@playz/api-contract';
import { openingKey, openings as pageOpenings, outOfHiding, type Openings } from '@playz/player';
import { contentStreamQuery, queryKeys } from '@playz/queries';
import { streamTarget } from '@/lib/device';
import { LAUNCHED_CLASS } from './opening-intent';

/**
 * `performance.mark`s of a first visit's opening, read by the first-visit benchmark
 * (bench/src/player/ttff.ts) to tell the loads that carried one and where the time went.
 */
export const PAGE_OPENING_MARK = 'playz:page-opening';
type PageOpeningStep = 'prepared' | 'view-asked' | 'view-granted' | 'settled' | 'launched';
const markPageOpening = (step: PageOpeningStep) => performance.mark(`${PAGE_OPENING_MARK}:${step}`);

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
 * Asks the player page's own View stream now (decision 120), under the page's own query key, so
 * that the answer which takes the device place (spec 1 §6) comes while the app's code, `/data`
 * and the page's render are still on their way: the launch below no longer waits for the page's
 * render and its effects. The HTML's opening says the server found this viewer may View the film
 * (decision 044 gives an opening to no one else), so this is the stream the page itself asks.
 *
 * The entry keeps the query alive until the page observes its stream; from then on the page holds
 * the answer and its place (`useReleaseDeviceLease` gives it back when the page goes). A page that
 * asks another stream of the film (a preview: the app's rule is stricter than the server's) or a
 * tab closed before the page rendered gives back the place this View took. Returns the release of
 * the entry's hold (no call).
 */
export function askPageStreamNow(
  opening: { key: string; contentId: string },
  services: { api: ApiClient; queryClient: QueryClient },
  options: {
    target?: 'player_dash' | 'player_hls';
    win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  } = {},
): () => void {
  const win = options.win ?? window;
  // The engine is the opening's, already loading: nothing to warm up.
  const query = contentStreamQuery(
    services.api,
    opening.contentId,
    'View',
    options.target ?? streamTarget(),
    null,
    () => {},
  );
  const viewKey = JSON.stringify(query.queryKey);
  const observer = new QueryObserver(services.queryClient, query);
  const stopObserving = observer.subscribe(() => {});
  markPageOpening('view-asked');
  const granted = () => observer.getCurrentResult().data?.usage === 'View';
  const givePlaceBack = () => {
    if (granted()) void services.api.stopPlayback({ keepalive: true }).catch(() => undefined);
  };
  const onPageHide = () => {
    givePlaceBack();
    release();
  };
  const unsubscribe = services.queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || event.observer === observer) return;
    const [root, id, stream] = event.query.queryKey as readonly unknown[];
    if (root !== 'content' || id !== opening.contentId || stream !== 'stream') return;
    // The page observes its stream now: it holds the answer and its place from here on.
    if (JSON.stringify(event.query.queryKey) !== viewKey) givePlaceBack();
    release();
  });
  win.addEventListener('pagehide', onPageHide);
  function release() {
    unsubscribe();
    win.removeEventListener('pagehide', onPageHide);
    stopObserving();
  }
  return release;
}

/**
 * Plays the page's opening as soon as the player page's own View stream is granted (the answer
 * that takes the device place, spec 1 §6) and the opening has its first frame, where the page's
 * stage will be (`.opening-launched`, as a press in the app does, decision 044): the page's
 * render, which comes later, then takes it over. A refused stream (the devices limit, no right)
 * launches nothing and drops the opening at once (decision 044: a page that will not play it
 * stops it); a viewer who left the page meanwhile launches nothing either.
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
  // Its first frame decoded (or the opening gone): before the View answer or after it, the
  // benchmark's breakdown tells which one the launch waited for.
  void openings.settled(opening.key).then(() => markPageOpening('settled'));
  const unsubscribe = cache.subscribe((event) => {
    if (JSON.stringify(event.query.queryKey) !== viewKey) return;
    const { status, data } = event.query.state as { status: string; data: AdaptiveStream | undefined };
    if (status === 'error') {
      unsubscribe();
      openings.drop(opening.key);
    }
    if (status !== 'success' || !data) return;
    unsubscribe();
    // The player takes over only a film watched in full (content-player-page.tsx).
    if (data.usage !== 'View' || data.window || data.contentProtection) return;
    markPageOpening('view-granted');
    void openings.settled(opening.key).then(() => {
      if (!(options.stillHere?.() ?? true)) return;
      if (openings.launch(opening.key, (video) => void (outOfHiding(video).className = LAUNCHED_CLASS)))
        markPageOpening('launched');
    });
  });
  return unsubscribe;
}

/**
 * What the app's first render waits for on a first visit (decision 120): the page's opening
 * decoded (or gone, or `OPENING_WAIT_MS` passed), so that the render's main-thread work does not
 * hold back the opening's own steps; its launch needs neither the page nor its render. Nothing to
 * wait for without an opening.
 */
export function firstPictureFirst(
  opening: { key: string } | null,
  openings: Pick<Openings, 'settled'> = pageOpenings,
): Promise<void> {
  return opening ? openings.settled(opening.key) : Promise.resolve();
}
