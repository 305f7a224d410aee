import fs from 'node:fs/promises';
import path from 'node:path';
import type { AdaptiveStream } from '@playz/api-contract';
import type { StreamSigner } from '../../streaming/stream-signing';
import type { CustomerAuth } from '../../lib/access';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countAttempts } from '../../lib/too-many-attempts';
import type { PlaybackService } from './playback.service';
import { openingChecks, type createViewerOf } from './playback.routes';
import { manifestSegmentBase } from './media.routes';
import { dashFirstTracks, type FirstTrackFiles } from './vod-manifests';

/** An opening's first track, its files as URLs under the opening's segments grant. */
export type FirstTrack = FirstTrackFiles;

/**
 * A page's opening, with the URLs of the first segments its player will fetch (decision 127), by
 * track with their types (decision 137's stand-in picture).
 */
export type PageOpeningStream = AdaptiveStream & { firstSegments: string[]; firstTracks: FirstTrack[] };

/**
 * The URLs of the first segments a player fetches from an opening's DASH manifest (decision 127),
 * for the page to preload beside the manifest: the files `dashFirstSegmentFiles` names, under the
 * segments grant the manifest itself will name when it is asked (`manifestSegmentBase`), so the
 * player's requests are answered by the preloads. From the film's start only: at a resume point
 * the segment Shaka asks first depends on its own look-back, and a preload it does not use is a
 * wasted download. None when the manifest's segments grant would depend on when it is asked (a
 * segments lifetime shorter than the opening's: its URL would not be the preload's).
 */
export function createFirstSegments(deps: {
  signer: StreamSigner;
  mediaRoot: string;
  segmentGrantSeconds: number;
  now: () => Date;
}) {
  // A finished clip's MPD never changes (media.routes.ts keeps them the same way).
  const mpds = new Map<string, Promise<string>>();
  const readMpd = (file: string) => {
    let text = mpds.get(file);
    if (!text) {
      text = fs.readFile(path.join(deps.mediaRoot, file), 'utf8');
      text.catch(() => mpds.delete(file));
      mpds.set(file, text);
    }
    return text;
  };
  return async (stream: AdaptiveStream, startSeconds: number): Promise<FirstTrack[]> => {
    const match = /^\/media\/s\/([^/]+)\/(clips\/[^?#]+\.mpd)$/.exec(stream.url);
    if (stream.type !== 'dash' || startSeconds !== 0 || !match) return [];
    const nowSeconds = Math.floor(deps.now().getTime() / 1000);
    const grant = deps.signer.verify(match[1]!, nowSeconds);
    if (grant?.kind !== 'manifests' || grant.expiresAt > nowSeconds + deps.segmentGrantSeconds) return [];
    const base = manifestSegmentBase(deps.signer, grant, nowSeconds + deps.segmentGrantSeconds);
    try {
      return dashFirstTracks(await readMpd(match[2]!), 1).map((track) => ({
        ...track,
        init: `${base}${track.init}`,
        media: `${base}${track.media}`,
      }));
    } catch {
      return [];
    }
  };
}

/**
 * A content's opening (decision 044) for the HTML of its player page (decision 111): the same
 * grant as `GET /content/{id}/url/opening` (no device place, four segments, a minute of life),
 * under the same counts, or null when the viewer may not have one (no right to View, encrypted,
 * a programme, a parental code to give, the counts spent). The right is checked first, so a page
 * the viewer cannot play spends none of their openings.
 */
export function createPageOpening(deps: {
  playback: Pick<PlaybackService, 'getOpeningStream'>;
  viewer: ReturnType<typeof createViewerOf>;
  limiter: RateLimiter;
  now: () => Date;
  firstSegments: ReturnType<typeof createFirstSegments>;
}) {
  return async (
    caller: CustomerAuth,
    rawId: string,
    target: string,
    startSeconds: number,
  ): Promise<PageOpeningStream | null> => {
    try {
      const input = { rawId, target, ...(await deps.viewer(caller)), customer: caller };
      const stream = await deps.playback.getOpeningStream(input, startSeconds);
      await countAttempts(deps.limiter, openingChecks(caller.customerId, rawId), deps.now().getTime());
      const firstTracks = await deps.firstSegments(stream, startSeconds);
      return { ...stream, firstTracks, firstSegments: firstTracks.flatMap((track) => [track.init, track.media]) };
    } catch {
      // Every refusal means the same here: the page starts the usual way.
      return null;
    }
  };
}
