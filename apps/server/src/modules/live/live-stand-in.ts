import type { Access } from '@playz/domain';
import { ApiErrorNumber, playbackUsage } from '@playz/domain';
import {
  initSegmentName,
  LIVE_EPOCH_MS,
  mediaSegmentName,
  SEGMENT_MS,
  SEGMENTS_PER_BLOCK,
  type LiveProgramme,
  type LiveSegment,
} from '@playz/media/live';
import type { CustomerAuth } from '../../lib/access';
import { segmentBaseUrl } from '../../streaming/segment-grants';
import type { StreamSigner } from '../../streaming/stream-signing';
import { liveRatingGuardOf, liveRatingRefusal } from '../../streaming/live-rating-guard';
import { parseId } from '../catalogue';
import type { ParentalGate } from '../playback';
import type { LiveRepository } from './live.repository';

/**
 * How far behind the clock the stand-in's segment is taken: Shaka starts a live DASH stream at its
 * seek range's end, the clock less the longest segment (its live edge) and the MPD's suggested
 * presentation delay (3 segments, dash-live-mpd.ts). The segment holding that instant at the page's
 * render (and half a second more, for the page to come and launch it) is at or before every
 * instant the player may seek to afterwards, so the hand-over's seek (the stand-in's instant, a
 * moment later) is not clamped back.
 */
export const STAND_IN_BEHIND_MS = SEGMENT_MS + 3 * SEGMENT_MS + 500;
/** The stand-in's grant is spent within the page's first seconds. */
const STAND_IN_GRANT_SECONDS = 60;

/** One track of a live stand-in: its two files under their grant, its type, and its timeline's offset. */
export interface LiveStandInTrack {
  kind: 'video' | 'audio';
  /** The MSE type, `video/mp4; codecs="…"`. */
  mime: string;
  init: string;
  media: string;
  /** The next segment when it is of the same block (the same clip and offset): more time for the player to come. */
  following: string[];
  /**
   * Seconds to add to the segment's own timestamps (`SourceBuffer.timestampOffset`): each block
   * restarts its clip's timestamps, and the MPD maps them to the channel's timeline with its
   * period's start and presentationTimeOffset, as Shaka does; the stand-in's instants are then the
   * player's.
   */
  offset: number;
}

export interface LiveStandIn {
  channelId: number;
  tracks: LiveStandInTrack[];
}

type RatedProgramme = LiveProgramme & { contentId: number; rating: number };

/**
 * A live channel's stand-in picture for its page's HTML (decision 139): a segment of the lowest
 * rendition and of the sound, the one the player will start in, and the next one of its block,
 * under an opening's segments grant (decision 044: those segments, no device place, the session's
 * right still checked at each file). Only where the channel's View stream would be granted at once: a playlist channel shown
 * to viewers, an access that Views live, no parental code asked of the programme on air or of the
 * segment's. Null otherwise (the page starts the usual way). A Stream channel's encoder has no
 * segment known ahead of its own playlists.
 */
export function createLiveStandIn(deps: {
  repo: Pick<LiveRepository, 'getChannel' | 'listAirings'>;
  segmentAt(channelId: number, atMs: number): Promise<LiveSegment | null>;
  signer: StreamSigner;
  /** The viewer's access and parental gate, read at once (the playback module's `viewerOf`). */
  viewerOf(caller: CustomerAuth): Promise<{ access: readonly Access[]; parental: ParentalGate | null }>;
  now: () => Date;
}) {
  return async (caller: CustomerAuth, rawId: string): Promise<LiveStandIn | null> => {
    if (caller.isKidsProfile) return null;
    let channelId: number;
    try {
      channelId = parseId(rawId, ApiErrorNumber.ChannelNotFound);
    } catch {
      return null;
    }
    const channel = await deps.repo.getChannel(channelId);
    if (!channel || channel.hidden_at || channel.channel_type === 'Stream') return null;
    const { access, parental } = await deps.viewerOf(caller);
    if (playbackUsage('live', access, []) !== 'View') return null;
    const at = deps.now().getTime();
    // The stream call asks the code of the programme on air (decision 064); the page would ask it.
    const onAir = parental
      ? (await deps.repo.listAirings(channelId, at, at + 1)).find(
          (a) => Date.parse(a.dateScheduled) <= at && Date.parse(a.dateScheduled) + a.duration * 1000 > at,
        )
      : undefined;
    const proven = onAir && parental?.isProven(onAir.contentId) ? onAir.contentId : null;
    const guard = { guard: liveRatingGuardOf({ isKidsProfile: false, threshold: parental?.threshold ?? null }) };
    if (onAir && liveRatingRefusal({ ...guard, proven, contentId: null }, onAir)) return null;
    const segment = await deps.segmentAt(channelId, at - STAND_IN_BEHIND_MS);
    if (!segment) return null;
    const { block } = segment;
    // The segment's programme, a few seconds back, judged as the player's grant would (decision 082).
    const programme = block.isSlate ? null : (block.programme as RatedProgramme | null);
    if (programme && liveRatingRefusal({ ...guard, proven, contentId: null }, programme)) return null;
    const video = block.clip.streams.filter((s) => s.type === 'video').sort((a, b) => a.bandwidth - b.bandwidth)[0];
    const audio = block.clip.streams.find((s) => s.type === 'audio');
    if (!video) return null;
    const number = segment.clipSegment + 1;
    const more = segment.inBlock < SEGMENTS_PER_BLOCK - 1 ? 1 : 0;
    const base = segmentBaseUrl(deps.signer, {
      ...{ dir: block.clip.dir, sessionId: caller.sessionId, customerId: caller.customerId },
      ...{ usage: 'View', player: 'live', opening: true, segmentRange: [number, number + more] },
      expiresAt: Math.floor(at / 1000) + STAND_IN_GRANT_SECONDS,
    });
    // The period starts at the block's start on the channel's timeline; the clip's own time of the
    // block's first segment is its presentationTimeOffset (dash-live-mpd.ts).
    const offset = (block.startMs - LIVE_EPOCH_MS - block.firstSegment * SEGMENT_MS) / 1000;
    const trackOf = (kind: 'video' | 'audio', stream: { id: number; codecs: string }): LiveStandInTrack => ({
      ...{ kind, mime: `${kind}/mp4; codecs="${stream.codecs}"`, offset },
      init: `${base}${initSegmentName(stream.id)}`,
      media: `${base}${mediaSegmentName(stream.id, segment.clipSegment)}`,
      following: more ? [`${base}${mediaSegmentName(stream.id, segment.clipSegment + 1)}`] : [],
    });
    return { channelId, tracks: [trackOf('video', video), ...(audio ? [trackOf('audio', audio)] : [])] };
  };
}
export type LiveStandInOf = ReturnType<typeof createLiveStandIn>;
