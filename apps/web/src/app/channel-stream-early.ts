import { channelOpeningKey } from '@playz/player';
import type { StandIn } from '@playz/player/stand-in';
import { webCommonParams } from '@/lib/common-params';
import { streamTarget } from '@/lib/device';
import {
  firstToAskPageStream,
  keepEarlyLaunch,
  keepEarlyPageStream,
  launchOncePictured,
  LIVE_LAUNCHED_CLASS,
  markPageOpening,
  playsLive,
} from './page-opening-start';
import {
  API_BASE,
  askViewStream,
  earlyStartDeps,
  formOf,
  holdPlaceUntilTaken,
  type EarlyStartOptions,
} from './page-stream-early';

/*
 * A live channel page's first script's own part (decision 139): only first-script.ts imports this
 * module. What the entry reads of it (the answer, the launch) is kept in page-opening-start.ts,
 * which both share.
 */

/** The `<meta>` the server writes into a channel page carrying its stand-in (apps/server live-picture.ts). */
export const LIVE_PICTURE_META = 'playz-live-picture';

/** The channel the page's stand-in picture is of, read once; null when the page carries none. */
export function livePictureChannel(doc: Document): number | null {
  const meta = doc.querySelector(`meta[name="${LIVE_PICTURE_META}"]`);
  meta?.remove();
  try {
    const id = (JSON.parse(meta?.getAttribute('content') ?? 'null') as { channelId?: unknown } | null)?.channelId;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * The URL of the channel page's own View stream: `channelStreamQuery`'s call (the app's common
 * parameters, spec 1 §7, no start-over, no parental proof: the server gave the picture only where
 * the programme asks none).
 */
export function channelStreamUrl(channelId: number, target: string, params: object = webCommonParams()): string {
  return `${API_BASE}/channel/${channelId}/url/adaptive?${formOf({ ...params, product_usage: 'View', target })}`;
}

/**
 * A channel page's first script starts its channel (decision 139): the server found that this
 * viewer's page would play the channel's View stream at once and put a stand-in picture of its
 * live edge in the HTML, which `standIn` is showing out of sight. Here the page's View stream is
 * asked (the entry's query takes the answer, one call per visit), an opening prepared under the
 * page's key with the stand-in, and launched on the stage on the View grant, before the app's
 * entry has run. The player (Shaka) is fetched after the stand-in's picture, and hands over at the
 * same instant (decision 137).
 *
 * Nothing when the entry asked the stream first (it was evaluated before this script, under load):
 * the stand-in is removed and the entry's own start (decision 138) goes on.
 */
export function startChannelEarly(
  doc: Document,
  standIn: StandIn | null,
  options: EarlyStartOptions = {},
): Promise<HTMLVideoElement | null> | null {
  const channelId = livePictureChannel(doc);
  if (channelId === null || !firstToAskPageStream(doc)) {
    standIn?.remove();
    return null;
  }
  const { openings, doFetch } = earlyStartDeps(options);
  const key = channelOpeningKey(channelId);
  markPageOpening('view-asked');
  const answer = askViewStream(doFetch, channelStreamUrl(channelId, options.target ?? streamTarget()));
  keepEarlyPageStream(doc, key, answer, holdPlaceUntilTaken(answer, doFetch, options.win ?? window));
  openings.prepare(
    key,
    async () => {
      const stream = await answer;
      // The player starts where the stand-in is, not at its own live start seconds past it.
      return playsLive(stream) ? { stream, startTime: undefined, startAtStandIn: true } : null;
    },
    standIn,
  );
  markPageOpening('prepared');
  void openings.settled(key).then(() => markPageOpening('settled'));
  const launched = answer.then((stream) => {
    if (playsLive(stream)) return launchOncePictured(openings, key, options.stillHere, LIVE_LAUNCHED_CLASS);
    // Refused (the devices limit, a right lapsed since the HTML) or another window: the stand-in
    // goes now, and the page tells the viewer why with its own call.
    openings.drop(key);
    return null;
  });
  keepEarlyLaunch(doc, launched);
  return launched;
}
