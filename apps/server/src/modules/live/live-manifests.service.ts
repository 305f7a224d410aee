import {
  BLOCK_MS,
  blockAt,
  blockIndexAt,
  buildDashMpd,
  buildHlsMediaPlaylist,
  buildHlsMultivariantPlaylist,
  dynamicBlockRange,
  LIVE_DEPTH_MS,
  segmentsBetween,
  windowRange,
  type LiveClip,
  type LiveProgramme,
  type LiveSegment,
  type LiveWindow,
  type WindowRange,
} from '@playz/media/live';
import { keepHlsVariant, VARIANT_PLAYLIST_PATTERN } from '../playback/hls-variants';
import { LIVE_SEGMENT_GRANT_SECONDS, segmentBaseUrl } from '../playback/segment-grants';
import type { LiveGrant, StreamSigner } from '../playback/stream-signing';
import { SLATE_CLIP_KEY, type LiveClips } from './live-clips';
import type { LiveRepository } from './live.repository';

export interface LiveManifest {
  contentType: string;
  body: string;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';
const PROGRAMMES_CACHE_MS = 2000;
const DASH_TYPE = 'application/dash+xml';

/** The window a grant covers, at this instant. */
function windowOf(grant: LiveGrant, nowMs: number): { window: LiveWindow; range: WindowRange } {
  let window: LiveWindow;
  if (grant.window === 'live') window = { kind: 'live', nowMs, depthMs: LIVE_DEPTH_MS };
  else if (grant.window === 'preview') window = { kind: 'preview', fromMs: grant.fromMs, toMs: grant.toMs };
  else if (grant.window === 'startover' && nowMs < grant.toMs + BLOCK_MS)
    window = { kind: 'startover', programmeStartMs: grant.fromMs, nowMs };
  else window = { kind: 'replay', programmeStartMs: grant.fromMs, programmeEndMs: grant.toMs };
  const range = windowRange(window);
  // A start-over whose programme ended is closed, and stays an EVENT playlist (RFC 8216 §4.3.3.5).
  if (grant.window === 'startover' && window.kind === 'replay')
    return { window, range: { ...range, playlistType: 'EVENT' } };
  return { window, range };
}

/**
 * Builds a channel's manifests for a grant from the guide and the clock alone (issue 8: every
 * node computes the same text). Segment URLs carry short grants of their own.
 */
export function createLiveManifests(deps: {
  repo: LiveRepository;
  clips: LiveClips;
  signer: StreamSigner;
  /** Lifetime of segment grants in closed windows (replay, preview), fetched over the whole programme. */
  segmentGrantSeconds: number;
  now?: () => Date;
}) {
  const nowMs = () => (deps.now?.() ?? new Date()).getTime();

  /**
   * A channel's programmes are read once per window of whole blocks and kept 2 s: every viewer of
   * the channel reloads its playlist every few seconds, and they all share this read (decision
   * 022). A guide change shows within 2 s, long before the live edge reaches it.
   */
  const recent = new Map<string, { atMs: number; programmes: Promise<LiveProgramme[]> }>();
  function sharedProgrammesOf(channelId: number, fromMs: number, toMs: number): Promise<LiveProgramme[]> {
    const from = blockIndexAt(fromMs) * BLOCK_MS;
    const to = (blockIndexAt(toMs) + 1) * BLOCK_MS;
    const key = `${channelId}:${from}:${to}`;
    const at = nowMs();
    const cached = recent.get(key);
    if (cached && at - cached.atMs >= 0 && at - cached.atMs < PROGRAMMES_CACHE_MS) return cached.programmes;
    if (recent.size > 1000) recent.clear();
    const programmes = programmesOf(channelId, from, to);
    recent.set(key, { atMs: at, programmes });
    // A failed read is not kept: the next request reads again.
    programmes.catch(() => recent.delete(key));
    return programmes;
  }

  async function programmesOf(channelId: number, fromMs: number, toMs: number): Promise<LiveProgramme[]> {
    const rows = await deps.repo.listAirings(channelId, fromMs, toMs);
    const programmes: LiveProgramme[] = [];
    for (const row of rows) {
      const startMs = Date.parse(row.dateScheduled);
      const endMs = startMs + row.duration * 1000;
      // A programme disabled at the rights holder's request shows the slate (spec 2 §2).
      const clip = row.enabled === 1 && row.clipKey ? await deps.clips.get(row.clipKey) : null;
      const previous = programmes.at(-1);
      // Overlapping entries (a bad import): the later one starts when the earlier one ends.
      if (previous && previous.endMs > startMs) previous.endMs = startMs;
      programmes.push({ id: row.id, startMs, endMs, playMs: Math.min(row.contentDuration, row.duration) * 1000, clip });
    }
    return programmes;
  }

  return {
    /** The manifest `file` of a live grant, or null when the file does not exist. */
    async build(grant: LiveGrant, file: string): Promise<LiveManifest | null> {
      const media = /^media_(\d{1,2})\.m3u8$/.exec(file);
      const variant = VARIANT_PLAYLIST_PATTERN.exec(file);
      if (file !== 'master.m3u8' && file !== 'manifest.mpd' && !media && !variant) return null;
      const slate = await deps.clips.get(SLATE_CLIP_KEY);
      if (!slate) throw new Error(`live: the slate clip (clips/${SLATE_CLIP_KEY}) is missing`);
      if (file === 'master.m3u8') return { contentType: HLS_TYPE, body: buildHlsMultivariantPlaylist(slate) };
      if (variant) {
        // One height with its sound (spec 2 §3 Content URLs, decision 023).
        const body = keepHlsVariant(buildHlsMultivariantPlaylist(slate), Number(variant[1]));
        return body ? { contentType: HLS_TYPE, body } : null;
      }
      const at = nowMs();
      const { window, range } = windowOf(grant, at);
      const programmes = await sharedProgrammesOf(
        grant.channelId,
        range.fromMs,
        Math.max(range.toMs, at) + 2 * BLOCK_MS,
      );
      const isClosed = range.isClosed;
      const segmentTtl = isClosed ? deps.segmentGrantSeconds : LIVE_SEGMENT_GRANT_SECONDS;
      const expiresAt = Math.min(grant.expiresAt, Math.floor(at / 1000) + segmentTtl);
      const segments = segmentsBetween(programmes, slate, range.fromMs, range.toMs);
      const baseUrl = createBaseUrls(deps.signer, grant, expiresAt, grant.window === 'preview' ? segments : null);
      if (media) {
        const streamId = Number(media[1]);
        if (!slate.streams.some((s) => s.id === streamId)) return null;
        return { contentType: HLS_TYPE, body: buildHlsMediaPlaylist({ segments, streamId, range, baseUrl }) };
      }
      if (window.kind === 'live' || window.kind === 'startover') {
        const { first, last } = dynamicBlockRange(range.fromMs, at);
        const blocks = Array.from({ length: last - first + 1 }, (_, i) => blockAt(programmes, first + i, slate));
        const depthMs = at - range.fromMs;
        return {
          contentType: DASH_TYPE,
          body: buildDashMpd({
            blocks,
            baseUrl,
            nowMs: at,
            type: 'dynamic',
            timeShiftBufferDepthMs: depthMs,
            endMs: range.toMs,
          }),
        };
      }
      const first = blockIndexAt(range.fromMs);
      const last = blockIndexAt(range.toMs - 1);
      const blocks = Array.from({ length: last - first + 1 }, (_, i) => blockAt(programmes, first + i, slate));
      return {
        contentType: DASH_TYPE,
        body: buildDashMpd({ blocks, baseUrl, nowMs: at, type: 'static', endMs: range.toMs }),
      };
    },
  };
}
export type LiveManifests = ReturnType<typeof createLiveManifests>;

/**
 * One segment grant per clip folder in the manifest. A preview's grants open only the segments
 * the preview lists, so nothing past it can be fetched (issue 8).
 */
function createBaseUrls(
  signer: StreamSigner,
  grant: LiveGrant,
  expiresAt: number,
  previewSegments: readonly LiveSegment[] | null,
) {
  const urls = new Map<string, string>();
  return (clip: LiveClip) => {
    let url = urls.get(clip.dir);
    if (!url) {
      const listed = previewSegments?.filter((s) => s.block.clip.dir === clip.dir).map((s) => s.clipSegment + 1);
      url = segmentBaseUrl(signer, {
        ...{ dir: clip.dir, sessionId: grant.sessionId, customerId: grant.customerId },
        ...{ usage: grant.usage, player: 'live', expiresAt },
        segmentRange: listed?.length ? [Math.min(...listed), Math.max(...listed)] : previewSegments ? [0, 0] : null,
      });
      urls.set(clip.dir, url);
    }
    return url;
  };
}
