import type { RequestSession } from '../../lib/access';
import { customerAuthOf, type CustomerAuth } from '../../lib/access';
import type { LiveStandIn } from '../live';
import { escapeHtml } from './html-head';
import { webStreamTarget } from './page-opening';

/** `/channel/{id}` with or without its slug (`/channels` plays the first channel, which the app picks). */
const CHANNEL_PAGE = /^\/channel\/(\d{1,15})(?:\/[^/]+)?$/;

/** The `<meta>` the channel page's first script reads (apps/web/src/first-picture.ts). */
export const LIVE_PICTURE_META = 'playz-live-picture';

/**
 * The stand-in picture of the channel a page's path names (decision 139), for a signed-in viewer
 * off a kids profile whose browser plays the app's DASH (a stand-in appends DASH segments; Safari's
 * HLS start is its own). Null otherwise, or when the live module gives none.
 */
export async function livePictureOf(
  standIn: (caller: CustomerAuth, rawId: string) => Promise<LiveStandIn | null>,
  session: RequestSession | null,
  pathname: string,
  userAgent: string,
): Promise<LiveStandIn | null> {
  const channelId = CHANNEL_PAGE.exec(pathname)?.[1];
  if (!channelId || !session || session.isKidsProfile || webStreamTarget(userAgent) !== 'player_dash') return null;
  try {
    return await standIn(customerAuthOf(session), channelId);
  } catch {
    // A read that failed: the page starts the usual way.
    return null;
  }
}

/**
 * The picture in the page's `<head>`, before its scripts: the `<meta>` the first script reads, a
 * preload of each of its files (the stand-in's fetches, same URL and mode, find them in), and the
 * first script's tags (`firstScript`, route-preloads.ts: `async`, it runs as soon as its one small
 * file is in, long before the app's entry, and asks the channel's View stream, decision 139).
 */
export function livePictureTags(picture: LiveStandIn, firstScript: string): string {
  const meta = { channelId: picture.channelId, picture: picture.tracks };
  const preload = (url: string, hint = '') =>
    `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}"${hint} />`;
  return [
    `<meta name="${LIVE_PICTURE_META}" content="${escapeHtml(JSON.stringify(meta))}" />`,
    ...picture.tracks.flatMap((track) => [preload(track.init), preload(track.media)]),
    // Behind the first picture's files: they are appended after it.
    ...picture.tracks.flatMap((track) => track.following.map((url) => preload(url, ' fetchpriority="low"'))),
  ]
    .map((tag) => `    ${tag}\n`)
    .join('')
    .concat(firstScript);
}
