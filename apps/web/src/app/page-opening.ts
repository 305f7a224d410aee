import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@playz/api-client';
import type { AdaptiveStream } from '@playz/api-contract';
import { openings as pageOpenings, type Openings } from '@playz/player';
import { contentStreamQuery, queryKeys } from '@playz/queries';
import { streamTarget } from '@/lib/device';
import {
  firstToAskPageStream,
  launchesEarly,
  launchOncePictured,
  markPageOpening,
  playsOpening,
  takeEarlyPageStream,
} from './page-opening-start';
import { holdPageStream } from './page-stream-hold';

export { PAGE_OPENING_MARK, startPageOpening, startPageOpeningOnce } from './page-opening-start';

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
    doc?: Document;
  } = {},
): () => void {
  const win = options.win ?? window;
  // The engine is the opening's, already loading: nothing to warm up.
  const asked = contentStreamQuery(
    services.api,
    opening.contentId,
    'View',
    options.target ?? streamTarget(),
    null,
    () => {},
  );
  // The film page's first script asked it already (decision 131): its answer is this query's;
  // a call of its that failed or was refused is asked again here, for the app's own error.
  const doc = options.doc ?? document;
  const early = takeEarlyPageStream(doc, opening.contentId);
  // Asked here: a first script run after the entry asks none (decision 131).
  firstToAskPageStream(doc);
  const query = early
    ? { ...asked, queryFn: async (context: { signal: AbortSignal }) => (await early) ?? asked.queryFn(context) }
    : asked;
  const viewKey = JSON.stringify(query.queryKey);
  const observer = new QueryObserver(services.queryClient, query);
  if (!early) markPageOpening('view-asked');
  return holdPageStream(
    services,
    observer,
    () => {},
    (queryKey) => {
      const [root, id, stream] = queryKey;
      if (root !== 'content' || id !== opening.contentId || stream !== 'stream') return null;
      return JSON.stringify(queryKey) === viewKey ? 'same' : 'other';
    },
    win,
  );
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
  options: { openings?: Openings; target?: string; stillHere?: () => boolean; doc?: Document } = {},
): () => void {
  const openings = options.openings ?? pageOpenings;
  const viewKey = JSON.stringify(queryKeys.stream(opening.contentId, 'View', options.target ?? streamTarget(), null));
  const cache = queryClient.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    if (JSON.stringify(event.query.queryKey) !== viewKey) return;
    const { status, data } = event.query.state as { status: string; data: AdaptiveStream | undefined };
    if (status === 'error') {
      unsubscribe();
      openings.drop(opening.key);
    }
    if (status !== 'success' || !data) return;
    unsubscribe();
    // The player takes over only a film watched in full (content-player-page.tsx); the film
    // page's first script launches on its own grant (decision 131).
    if (!playsOpening(data) || launchesEarly(options.doc ?? document)) return;
    void launchOncePictured(openings, opening.key, options.stillHere);
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
