import type { AdaptiveStream } from '@playz/api-contract';
import { openings as pageOpenings, type Openings } from '@playz/player';
import { webCommonParams } from '@/lib/common-params';
import { streamTarget } from '@/lib/device';
import {
  LAUNCHED_CLASS,
  keepEarlyPageStream,
  launchOncePictured,
  markPageOpening,
  playsOpening,
} from './page-opening-start';

/*
 * The film page's first script's own part (decision 131): only first-picture.ts imports this
 * module, so the landing's graph does not carry it; what the entry reads of it (the answer, whether
 * it launched) is kept in page-opening-start.ts, which both share.
 */

/** The API's base path (`API_BASE_PATH` of @playz/api-contract, whose index this script does not load). */
export const API_BASE = '/api/1.2';

/**
 * The URL of the player page's own View stream (`getContentAdaptiveUrl` with the app's common
 * parameters, spec 1 §7, as `contentStreamQuery` asks it with no airing and no parental proof:
 * a first visit holds none).
 */
export function pageStreamUrl(contentId: string, target: string, params: object = webCommonParams()): string {
  const search = formOf({ ...params, product_usage: 'View', target });
  return `${API_BASE}/content/${encodeURIComponent(contentId)}/url/adaptive?${search}`;
}

/** The form of a call's common parameters (spec 1 §7), as the app's client writes them. */
export function formOf(params: object): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    form.set(name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return form;
}

/**
 * Gives the device place back (`stopPlayback`, decision 018: `POST /customer/playback/stop` with
 * the common parameters, form-encoded as the app's client sends it), `keepalive` so that it
 * completes while the page goes.
 */
export function releasePlace(fetchImpl: typeof fetch, params: object = webCommonParams()): Promise<unknown> {
  return fetchImpl(`${API_BASE}/customer/playback/stop`, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: formOf(params),
  }).catch(() => undefined);
}

/** What a first script's start of its page's stream takes (a film's, decision 131; a channel's, 139): test doubles. */
export interface EarlyStartOptions {
  openings?: Openings;
  target?: string;
  fetchImpl?: typeof fetch;
  /** Whether the viewer is still on the page the script started (no launch elsewhere). */
  stillHere?: () => boolean;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** The openings and the fetch of an early start: the page's own unless a test gives its doubles. */
export function earlyStartDeps(options: EarlyStartOptions): { openings: Openings; doFetch: typeof fetch } {
  return {
    openings: options.openings ?? pageOpenings,
    doFetch: options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)),
  };
}

/** A View stream call's answer (the envelope's `AdaptiveStream`), or null when refused or failed. */
export function askViewStream(doFetch: typeof fetch, url: string): Promise<AdaptiveStream | null> {
  return doFetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    // Ahead of the app's scripts on HTTP/1.1's six connections (decision 134).
    priority: 'high',
  })
    .then((reply) => reply.json() as Promise<{ Error?: { Number?: number }; Response?: { AdaptiveStream?: unknown } }>)
    .then((envelope) =>
      envelope?.Error?.Number === 0
        ? ((envelope.Response?.AdaptiveStream as AdaptiveStream | undefined) ?? null)
        : null,
    )
    .catch(() => null);
}

/**
 * Any View answer takes the device place (spec 1 §6), a preview's too: until the entry takes the
 * answer (the returned hand-over), a tab closed gives it back (`pagehide`, decision 134).
 */
export function holdPlaceUntilTaken(
  answer: Promise<AdaptiveStream | null>,
  doFetch: typeof fetch,
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>,
): () => void {
  let handedOver = false;
  const onPageHide = () => {
    win.removeEventListener('pagehide', onPageHide);
    void releasePlace(doFetch);
  };
  void answer.then((data) => {
    if (data?.usage === 'View' && !handedOver) win.addEventListener('pagehide', onPageHide);
  });
  return () => {
    handedOver = true;
    win.removeEventListener('pagehide', onPageHide);
  };
}

/**
 * The film page's first script asks the page's own View stream (decision 131): the same call the
 * entry would make once its whole graph is evaluated (decision 120), made a few hundred ms sooner.
 * The answer takes the device place (spec 1 §6) as before; the entry's query takes the answer
 * (`takeEarlyPageStream`), so there is still one `/url/adaptive` call per visit. When it grants
 * the View, the opening is launched here once its first frame is decoded, where the page's stage
 * will be, while the viewer is still on the page (decision 044/111: only on the View grant).
 *
 * A tab closed after that grant and before the entry took the answer gives the place back
 * (`pagehide`, decision 134): the entry is evaluated only after the first picture, so that gap
 * is the whole opening. From the hand-over on, the entry's own hold does it (decision 120).
 * Returns the answer (null when refused or failed) and whether the opening was launched.
 */
export function askPageStreamEarly(
  doc: Document,
  opening: { key: string; contentId: string },
  options: EarlyStartOptions = {},
): { answer: Promise<AdaptiveStream | null>; launched: Promise<boolean> } {
  const { openings, doFetch } = earlyStartDeps(options);
  const win = options.win ?? window;
  markPageOpening('view-asked');
  const answer = askViewStream(doFetch, pageStreamUrl(opening.contentId, options.target ?? streamTarget()));
  keepEarlyPageStream(doc, opening.contentId, answer, holdPlaceUntilTaken(answer, doFetch, win));
  const launched = answer.then((data) => {
    if (!playsOpening(data)) return false;
    void launchOncePictured(openings, opening.key, options.stillHere);
    // Launched: its element has the stage's class once the launch above has run.
    return openings
      .pictured(opening.key)
      .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
      .then(() => doc.querySelector(`.${LAUNCHED_CLASS}`) !== null);
  });
  return { answer, launched };
}

/** The `<meta>` naming the app's entry on a page whose HTML left its start to the first script (decision 134). */
export const ENTRY_META = 'playz-entry';
/** At most this long after the first script, the entry is imported whatever the opening did. */
export const ENTRY_WAIT_MS = 3_000;
/** A frame after the picture (or this long, a hidden tab having none). */
const FRAME_WAIT_MS = 100;
/** A failed import of the entry is asked again after this long (or when the browser is online again)… */
export const ENTRY_RETRY_MS = 2_000;
/** …at most this many times. */
export const ENTRY_RETRIES = 5;
/** The `performance.mark` of each retry. */
export const ENTRY_RETRY_MARK = 'playz:entry-retry';

/**
 * The entry's import, asked again when it fails: it comes after the picture (decision 134) and
 * nothing of it is preloaded (decision 136), so a network drop in the visit's first seconds can
 * find it in flight, and the film would then play on with no app around it. Each retry waits for
 * the browser to be online and asks the same URL: Chromium fetches a module whose fetch failed
 * again at the next import (the openings journey checks it), and one URL keeps the entry one
 * module, evaluated once.
 */
async function importEntryAgain(
  url: string,
  importEntry: (url: string) => Promise<unknown>,
  view: Pick<Window, 'setTimeout' | 'addEventListener'> & { navigator?: { onLine?: boolean } },
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await importEntry(url);
      return;
    } catch (error) {
      if (attempt >= ENTRY_RETRIES) throw error;
      await new Promise<void>((resolve) => {
        if (view.navigator?.onLine === false) view.addEventListener('online', () => resolve(), { once: true });
        else view.setTimeout(resolve, ENTRY_RETRY_MS);
      });
      // Seen by the journeys, and by whoever reads a slow first visit's marks.
      performance.mark(ENTRY_RETRY_MARK);
    }
  }
}

/**
 * The app's entry imported once the page's first picture is shown (decision 134): on a film page
 * carrying its opening the server names the entry in a `<meta>` instead of a `<script>`, so that
 * its evaluation (React, the router, i18next, the catalogue) does not hold the main thread while
 * the View answer's handler, Shaka, the manifest's parse and the appends run. The app renders after
 * the first frame anyway (decision 120). Imported at once when the opening will not launch, and
 * at most `ENTRY_WAIT_MS` after this call, and again when that import fails; nothing when the
 * page has no such `<meta>` (its entry is a `<script>` of its own).
 */
export function importEntryAfterPicture(
  doc: Document,
  launched: Promise<boolean>,
  options: { importEntry?: (url: string) => Promise<unknown> } = {},
): Promise<void> {
  const url = doc.querySelector(`meta[name="${ENTRY_META}"]`)?.getAttribute('content');
  if (!url || !/^\/(?!\/)/.test(url)) return Promise.resolve();
  const importEntry = options.importEntry ?? ((href: string) => import(/* @vite-ignore */ href));
  const view = doc.defaultView ?? window;
  // The launched opening's first frame presented: its `playing`, then a frame.
  const playing = new Promise<void>((resolve) =>
    doc.addEventListener('playing', () => resolve(), { capture: true, once: true }),
  );
  const picture = launched.then(
    (yes) => (yes ? playing : undefined),
    () => undefined,
  );
  const bound = new Promise<void>((resolve) => view.setTimeout(resolve, ENTRY_WAIT_MS));
  return Promise.race([picture, bound])
    .then(
      () =>
        new Promise<void>((resolve) => {
          view.setTimeout(resolve, FRAME_WAIT_MS);
          view.requestAnimationFrame?.(() => view.setTimeout(resolve, 0));
        }),
    )
    .then(() => importEntryAgain(url, importEntry, view));
}
