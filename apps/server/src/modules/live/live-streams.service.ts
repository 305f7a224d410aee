import fs from 'node:fs/promises';
import path from 'node:path';
import type { AdaptiveStream } from '@playz/api-contract';
import { ApiErrorNumber, apiError, playbackUsage, suitsKidsProfile } from '@playz/domain';
import { BLOCK_MS, blockIndexAt, newestCommonRange, SEGMENT_MS } from '@playz/media/live';
import { ingestDir } from './ingest/ingest-state';

/** The encoder's MPD name (tools/media live-ingest-args.ts). */
const LIVE_INGEST_MPD = 'live.mpd';
/**
 * How long a Stream channel's preview cut may be played: the encoder keeps 40 segments (128 s,
 * live-ingest-args.ts) on disk, so its segments are still there for that long.
 */
const INGEST_PREVIEW_GRANT_SECONDS = 120;
import { parseId } from '../catalogue';
import type { DeviceLeases } from '../../streaming/device-leases';
import { NotForKidsProfileError } from '../../lib/content-rating-errors';
import { assertParentalGate, type StreamRequest } from '../playback';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { LiveGrant, StreamSigner } from '../../streaming/stream-signing';
import { liveRatingGuardOf } from '../../streaming/live-rating-guard';
import { SLATE_CLIP_KEY, type LiveClips } from './live-clips';
import type { AiringRow, LiveRepository } from './live.repository';

/** Replay of past programmes: 7 days (decision 022; the demo guide goes back as far). */
export const REPLAY_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** A live manifest grant; the player asks again before it ends (a live channel never ends). */
const LIVE_GRANT_SECONDS = 6 * 3600;
/** What a viewer without the right sees of a channel or a programme: 3 segments (docs/decisions/022). */
export const LIVE_PREVIEW_MS = 3 * SEGMENT_MS;

type Window = LiveGrant['window'];

/** Grants for a channel's live stream, a start-over of its running programme, or a replay. */
export function createLiveStreams(deps: {
  repo: LiveRepository;
  clips: LiveClips;
  signer: StreamSigner;
  leases: DeviceLeases;
  authority: StreamAuthority;
  /** Where the encoders of Stream channels write (their preview is cut from what they wrote). */
  mediaRoot: string;
  now?: () => Date;
}) {
  const nowMs = () => (deps.now?.() ?? new Date()).getTime();

  async function grantStream(
    input: StreamRequest,
    target: { channelId: number; contentId: number | null; window: Window; fromMs: number; toMs: number },
    airing: AiringRow | null,
    /** The programme on air whose parental proof the call carried (decision 064). */
    proven: number | null = null,
  ): Promise<AdaptiveStream> {
    const viewer = input.usage === 'View' ? input.customer : null;
    if (viewer) {
      // A full stream takes one of the account's places (decision 018); previews take none.
      await deps.leases.take(viewer.customerId, viewer.sessionId, input.streamKind ?? 'live');
      deps.authority.streamStarted(viewer.sessionId);
    }
    const expiresAt = Math.floor(nowMs() / 1000) + LIVE_GRANT_SECONDS;
    const token = deps.signer.sign({
      kind: 'live',
      ...target,
      expiresAt,
      sessionId: input.customer?.sessionId ?? null,
      customerId: input.customer?.customerId ?? null,
      usage: input.usage,
      purchase: input.purchase ?? null,
      // Every programme the window reaches is judged for this viewer, at each manifest and
      // segment, not only the one on air now (decision 082).
      guard: liveRatingGuardOf({
        isKidsProfile: input.customer?.isKidsProfile ?? false,
        threshold: input.usage === 'View' && input.parental ? input.parental.threshold : null,
      }),
      proven,
    });
    const isHls = input.target === 'player_hls';
    const ladder = await deps.clips.get(SLATE_CLIP_KEY);
    return {
      url: `/live/${token}/${isHls ? 'master.m3u8' : 'manifest.mpd'}`,
      type: isHls ? 'hls' : 'dash',
      usage: input.usage,
      tracks: (ladder?.streams ?? [])
        .filter((s) => s.type === 'video')
        .map((s) => ({ height: s.height, width: s.width, bitrate: s.bandwidth }))
        .sort((a, b) => b.height - a.height),
      thumbnails: [],
      signingCookies: null,
      contentProtection: null,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
      window: target.window,
      programme: airing
        ? {
            scheduleID: airing.id,
            contentID: airing.contentId,
            channelID: airing.channelId,
            dateScheduled: airing.dateScheduled,
            duration: airing.duration,
          }
        : null,
    };
  }

  /**
   * A Stream channel fed by the service's encoder (ingest/): its own playlists, under a
   * `manifests` grant like a VOD's, checked at every reload (decision 022).
   */
  async function ingestStream(input: StreamRequest, channelId: number): Promise<AdaptiveStream> {
    const viewer = input.customer;
    if (viewer) {
      await deps.leases.take(viewer.customerId, viewer.sessionId, input.streamKind ?? 'live');
      deps.authority.streamStarted(viewer.sessionId);
    }
    const expiresAt = Math.floor(nowMs() / 1000) + LIVE_GRANT_SECONDS;
    const dir = ingestDir(channelId);
    const token = deps.signer.sign({
      ...{ kind: 'manifests', prefix: dir, expiresAt, sessionId: viewer?.sessionId ?? null },
      ...{ customerId: viewer?.customerId ?? null, usage: 'View', segmentRange: null, player: 'live' },
      purchase: input.purchase ?? null,
    });
    const isHls = input.target === 'player_hls';
    return {
      url: `/media/s/${token}/${dir}/${isHls ? 'master.m3u8' : LIVE_INGEST_MPD}`,
      type: isHls ? 'hls' : 'dash',
      usage: 'View',
      tracks: [],
      thumbnails: [],
      signingCookies: null,
      contentProtection: null,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
      window: 'live',
      programme: null,
    };
  }

  /**
   * A Stream channel's preview (decision 041): the newest 3 segments its encoder finished, as a
   * closed HLS cut that a visitor plays once. No device place is taken, as for every preview.
   */
  async function ingestPreview(input: StreamRequest, channelId: number): Promise<AdaptiveStream> {
    const dir = ingestDir(channelId);
    const read = (file: string) => fs.readFile(path.join(deps.mediaRoot, dir, file), 'utf8').catch(() => '');
    const master = await read('master.m3u8');
    // The media playlists the multivariant one names: the video's, and the audio's by URI.
    const names = [...master.matchAll(/URI="([^"]+\.m3u8)"|^([^#\s][^\s]*\.m3u8)$/gm)].map((m) => m[1] ?? m[2]!);
    const range = newestCommonRange(await Promise.all(names.map(read)), LIVE_PREVIEW_MS / SEGMENT_MS);
    // The encoder is down or has just started: nothing to show yet.
    if (!range) throw apiError(ApiErrorNumber.Forbidden);
    const expiresAt = Math.floor(nowMs() / 1000) + INGEST_PREVIEW_GRANT_SECONDS;
    const token = deps.signer.sign({
      ...{ kind: 'manifests', prefix: dir, expiresAt, sessionId: input.customer?.sessionId ?? null },
      ...{ customerId: input.customer?.customerId ?? null, usage: 'Preview', segmentRange: range, player: 'live' },
      purchase: input.purchase ?? null,
    });
    return {
      url: `/media/s/${token}/${dir}/master.m3u8`,
      // The cut is HLS whatever the target: every player of the service plays HLS (decision 041).
      type: 'hls',
      usage: 'Preview',
      tracks: [],
      thumbnails: [],
      signingCookies: null,
      contentProtection: null,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
      window: 'preview',
      programme: null,
    };
  }

  /** The preview excerpt: the first 3 segments of a block that has aired. */
  const previewOf = (fromMs: number) => ({ window: 'preview' as const, fromMs, toMs: fromMs + LIVE_PREVIEW_MS });

  return {
    /**
     * spec 2 §7 /channel/{id}/url/adaptive: the channel live, or its running programme from the
     * start (start_over). Live needs service or replay access (spec 2 §4); without it, Preview.
     */
    async channelStream(input: StreamRequest & { rawId: string; startOver: boolean }): Promise<AdaptiveStream> {
      const channel = await deps.repo.getChannel(parseId(input.rawId, ApiErrorNumber.ChannelNotFound));
      // A channel an editor hid (decision 102) gives no new grant by its id, as if it were gone
      // (decision 108); a viewer already watching keeps the grant they hold until it ends.
      if (!channel || channel.hidden_at) throw apiError(ApiErrorNumber.ChannelNotFound);
      const at = nowMs();
      // The programme on air, when a kids profile or the account's parental code asks about it.
      const onAir =
        input.customer?.isKidsProfile || (input.parental && input.usage === 'View')
          ? (await deps.repo.listAirings(channel.id, at, at + 1)).find(
              (a) => Date.parse(a.dateScheduled) <= at && Date.parse(a.dateScheduled) + a.duration * 1000 > at,
            )
          : undefined;
      // A kids profile does not zap into a programme on air that does not suit it (decision 059).
      if (input.customer?.isKidsProfile && onAir && !suitsKidsProfile(onAir.rating)) throw new NotForKidsProfileError();
      if (
        input.usage === 'View' &&
        playbackUsage('live', input.access, input.purchase ? [input.purchase] : []) !== 'View'
      )
        throw apiError(ApiErrorNumber.Forbidden);
      // Zapping into a programme at or above the account's threshold asks for the parental code,
      // proven for that programme (decision 064), after the entitlement as for a content.
      if (onAir) assertParentalGate(input.parental, { id: onAir.contentId, rating: onAir.rating }, input.usage);
      const proven = onAir && input.parental?.isProven(onAir.contentId) ? onAir.contentId : null;
      if (channel.channel_type === 'Stream') {
        if (channel.stream_url) {
          // An imported stream plays as is (decision 041): nothing of it can be cut for a preview.
          if (input.usage !== 'View') throw apiError(ApiErrorNumber.Forbidden);
          return externalStream(channel.stream_url, at);
        }
        return input.usage === 'View' ? ingestStream(input, channel.id) : ingestPreview(input, channel.id);
      }
      const target = { channelId: channel.id, contentId: null };
      if (input.usage === 'Preview')
        return grantStream(input, { ...target, ...previewOf((blockIndexAt(at) - 1) * BLOCK_MS) }, null);
      const running = input.startOver
        ? (await deps.repo.listAirings(channel.id, at, at + 1)).find(
            (a) => Date.parse(a.dateScheduled) <= at && Date.parse(a.dateScheduled) + a.duration * 1000 > at,
          )
        : undefined;
      if (!running) return grantStream(input, { ...target, window: 'live', fromMs: 0, toMs: 0 }, null, proven);
      const fromMs = Date.parse(running.dateScheduled);
      return grantStream(
        input,
        { ...target, window: 'startover', fromMs, toMs: fromMs + running.duration * 1000 },
        running,
        proven,
      );
    },

    /**
     * A programme of the guide played from its channel's segments (decision 022): its newest airing
     * of the last 7 days, or the airing asked for. Ended: a replay; running: a start-over; not
     * aired yet or too old: null (the content plays as any other).
     */
    async programmeStream(input: StreamRequest & { contentId: number }): Promise<AdaptiveStream | null> {
      const at = nowMs();
      const airing = input.scheduleId
        ? await deps.repo.getAiring(input.scheduleId)
        : await deps.repo.latestAiring(input.contentId, at - REPLAY_WINDOW_MS, at);
      if (!airing || airing.contentId !== input.contentId) {
        if (input.scheduleId) throw apiError(ApiErrorNumber.ContentNotFound);
        return null;
      }
      const fromMs = Date.parse(airing.dateScheduled);
      const toMs = fromMs + airing.duration * 1000;
      if (fromMs > at || toMs < at - REPLAY_WINDOW_MS) {
        if (input.scheduleId) throw apiError(ApiErrorNumber.ContentNotFound);
        return null;
      }
      const target = { channelId: airing.channelId, contentId: airing.contentId };
      if (input.usage === 'Preview')
        return grantStream(input, { ...target, ...previewOf(Math.ceil(fromMs / BLOCK_MS) * BLOCK_MS) }, airing);
      const window = toMs <= at ? 'replay' : 'startover';
      return grantStream(input, { ...target, window, fromMs, toMs }, airing);
    },
  };
}
export type LiveStreams = ReturnType<typeof createLiveStreams>;

function externalStream(url: string, at: number): AdaptiveStream {
  const isDash = /\.mpd(\?|$)/i.test(url);
  return {
    url,
    type: isDash ? 'dash' : /\.m3u8(\?|$)/i.test(url) ? 'hls' : 'video',
    usage: 'View',
    tracks: [],
    thumbnails: [],
    signingCookies: null,
    contentProtection: null,
    expiresAt: new Date(at + LIVE_GRANT_SECONDS * 1000).toISOString(),
    window: 'live',
    programme: null,
  };
}
