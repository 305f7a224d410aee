import type { AdaptiveStream, Content } from '@playz/api-contract';
import { resumeTime } from '@playz/domain';
import type { CustomerAuth, RequestSession } from '../../lib/access';
import { customerAuthOf } from '../../lib/access';
import { escapeHtml } from './html-head';

/** `/content/{id}/{slug}`, the film's player page (not its purchase confirmation). */
const CONTENT_PAGE = /^\/content\/(\d{1,15})\/(?!purchased$)[^/]+$/;

/** The `<meta>` the web app's entry reads (apps/web/src/app/page-opening.ts). */
export const PAGE_OPENING_META = 'playz-opening';

/** What the web app reads from the page's HTML to start the film before its own code has run. */
export interface PageOpening {
  contentId: string;
  /** Where the film starts for this viewer (`resumeTime` of @playz/domain), null from its start. */
  start: number | null;
  target: 'player_hls' | 'player_dash';
  url: string;
  type: AdaptiveStream['type'];
  /**
   * The first segment of each track with its type (decision 137): the first script appends them
   * into a media element of its own and shows the picture before the player has loaded. Absent
   * when their files or types are not all known (the player's picture only, as before).
   */
  picture?: { mime: string; init: string; media: string }[];
}

/** The opening with what the page preloads of it beside its manifest, not part of the `<meta>`. */
export interface PageOpeningWithPreloads extends PageOpening {
  /** The first segments' URLs its player will fetch (decision 127), none when unknown. */
  firstSegments: readonly string[];
}

export interface PageOpeningDeps {
  /** The content with the customer's own resume point (the `GET /content/{id}` answer). */
  content(rawId: string, customerId: number): Promise<Pick<Content, 'contentType' | 'playbackTime' | 'duration'>>;
  /** The opening grant (app.playback.pageOpening): null when the viewer may not have one. */
  open(
    caller: CustomerAuth,
    rawId: string,
    target: string,
    startSeconds: number,
  ): Promise<
    | (AdaptiveStream & {
        firstSegments?: readonly string[];
        firstTracks?: readonly { kind: string; mime: string | null; init: string; media: string }[];
      })
    | null
  >;
}

/**
 * The web app's stream target for a browser, by the same rule as its `streamTarget()`
 * (apps/web/src/lib/device.ts): HLS on iOS and Safari, DASH elsewhere. The app checks the meta's
 * target against its own and ignores an opening made for another.
 */
export function webStreamTarget(userAgent: string): 'player_hls' | 'player_dash' {
  const isIOS = /iPhone|iPad|iPod/i.test(userAgent);
  const isSafari = /Safari/i.test(userAgent) && !/Chrome|Chromium|CriOS|Edg|Firefox|FxiOS|Android/i.test(userAgent);
  return isIOS || isSafari ? 'player_hls' : 'player_dash';
}

/**
 * The opening of the film a player page's path names (decision 111): for a signed-in viewer off
 * a kids profile who may View it under decision 044 (not encrypted, within the openings' counts).
 * Films and clips only: an episode's `/content/` page moves to its own route, a programme plays
 * from its channel. Null otherwise, and the page starts the usual way.
 */
export async function pageOpeningOf(
  deps: PageOpeningDeps,
  session: RequestSession | null,
  pathname: string,
  userAgent: string,
): Promise<PageOpeningWithPreloads | null> {
  const contentId = CONTENT_PAGE.exec(pathname)?.[1];
  // A kids profile's pages are filtered by the catalogue's own rules; it starts the usual way.
  if (!contentId || !session || session.isKidsProfile) return null;
  const caller = customerAuthOf(session);
  try {
    const content = await deps.content(contentId, caller.customerId);
    if (content.contentType !== 'Film' && content.contentType !== 'Clip') return null;
    const start = resumeTime(content.playbackTime, content.duration) ?? null;
    const target = webStreamTarget(userAgent);
    const stream = await deps.open(caller, contentId, target, start ?? 0);
    if (!stream) return null;
    const tracks = stream.firstTracks ?? [];
    const picture = tracks.every((track) => track.mime !== null) && tracks.some((track) => track.kind === 'video');
    return {
      ...{ contentId, start, target, url: stream.url, type: stream.type },
      ...(picture && {
        picture: tracks.map((track) => ({ mime: track.mime!, init: track.init, media: track.media })),
      }),
      firstSegments: stream.firstSegments ?? [],
    };
  } catch {
    // An unknown content (the page answers 404 by itself) or a read that failed: no opening.
    return null;
  }
}

/**
 * The opening in the page's `<head>`: the `<meta>` the entry reads, and a preload of its manifest
 * so the browser fetches it while the app's JavaScript loads (the manifest is fetched by the
 * player's networking with the same mode, so the preloaded answer is the one it gets). The page
 * puts them before its scripts (`beforeScripts`), and the manifest is asked at high priority: over
 * HTTP/1.1 it was queued behind the app's forty chunks (decision 120's trace). Then the first
 * segments the player will fetch (decision 127), so they are in before Shaka has parsed the
 * manifest: the same mode again (Shaka's fetch, same origin, no header). At the default priority
 * (decision 134; 127 had them low, behind every script): the app's entry, which they delayed, is
 * no longer on the first frame's path but imported after it, its own requests low.
 */
export function pageOpeningTags(opening: PageOpeningWithPreloads): string {
  const { firstSegments, ...meta } = opening;
  const preload = (url: string, hint = '') =>
    `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}"${hint} />`;
  return [
    `<meta name="${PAGE_OPENING_META}" content="${escapeHtml(JSON.stringify(meta))}" />`,
    preload(opening.url, ' fetchpriority="high"'),
    ...firstSegments.map((url) => preload(url)),
  ]
    .map((tag) => `    ${tag}\n`)
    .join('');
}
