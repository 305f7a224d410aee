import path from 'node:path/posix';
import type { AdaptiveStream } from '@playz/api-contract';
import type { DemoClip } from '@playz/media';
import { ApiErrorNumber, apiError, type Access, type PurchasedItem } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import type { CatalogueRepository } from '../catalogue';
import type { ClipCatalog } from '../../streaming/clip-catalog';
import { findPlayableContent } from './content-entitlement';
import type { ParentalGate } from './parental-gate';
import type { DeviceLeases } from '../../streaming/device-leases';
import { SEGMENT_SECONDS } from '../../streaming/segment-grants';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { FilesGrant, StreamSigner } from '../../streaming/stream-signing';

/**
 * The manifest grant: long enough for a film and its pauses. Its manifests stop within seconds
 * of the session ending (stream-authority.ts) and the segment grants inside them are short.
 */
const GRANT_SECONDS = 6 * 3600;
/** A preview of a film or an episode: its first 3 segments, 9.6 s (decision 022). */
export const VOD_PREVIEW_SEGMENTS = 3;
/**
 * An opening (decision 044): the segment holding the start point and the two after it, so at
 * least 6.4 s from the start whatever its place in its segment: the press's own grant takes over
 * within them; too little to watch a film through openings.
 */
export const OPENING_SEGMENTS = 3;
/**
 * And the segment before, when the start is not in the first: a player seeking to a time asks
 * for the segment a little before it (Shaka 5 looks `inaccurateManifestTolerance`, 2 s, back).
 */
const OPENING_LOOK_BACK_SEGMENTS = 1;
/** An opening is fetched while the viewer points at a card; the press comes within the minute or not. */
const OPENING_GRANT_SECONDS = 60;

export interface StreamRequest {
  usage: 'View' | 'Preview';
  target: string | undefined;
  access: readonly Access[];
  /** Who asks: a signed-in caller (its session takes the device place), or null for a visitor. */
  customer: CustomerAuth | null;
  /** A given airing of a programme (beyond the spec: the guide's past and running programmes). */
  scheduleId?: number | undefined;
  /** spec 2 §7 drm_provider: the DRM system the player can use. */
  drmProvider?: string | undefined;
  /** What a Preview is: the teaser file (default) or the ladder's first segments (the player's call). */
  preview?: 'teaser' | 'segments' | undefined;
  /** An item bought that opens this stream beyond the content's own (a live event, spec 3 §4). */
  purchase?: PurchasedItem | null;
  /** What the caller's parental code asks of a rated content (decision 059). */
  parental?: ParentalGate | null;
  /** A live event's stream (its channel or its replay): counted apart in the streams' history (decision 116). */
  streamKind?: 'event' | undefined;
}

export type ProgrammeStreamProvider = (
  request: StreamRequest & { contentId: number },
) => Promise<AdaptiveStream | null>;

export function createPlaybackService(deps: {
  repo: CatalogueRepository;
  clips: ClipCatalog;
  signer: StreamSigner;
  leases: DeviceLeases;
  authority: StreamAuthority;
  /**
   * A programme of the guide plays from its channel's segments (replay and start-over, decision 022):
   * the live module answers for Programme contents that aired, null otherwise.
   */
  programmeStream?: ProgrammeStreamProvider;
  /** Commercial DRM licence servers behind the proxy (decision 024); ClearKey otherwise. */
  drmProxies?: { widevine: string | null; fairplay: string | null; fairplayCertificate: string | null };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  const tracksOf = (clip: DemoClip) =>
    clip.renditions.map((r) => ({ height: r.height, width: r.width, bitrate: r.bandwidth }));

  /**
   * A stream of the ladder under a grant bounded to a segment range (a preview's first segments,
   * an opening's few around its start): its HLS or DASH manifests, no thumbnails, no protection.
   */
  function rangedStream(
    clip: DemoClip,
    target: string | undefined,
    grant: Omit<FilesGrant, 'kind' | 'prefix'> & { segmentRange: [number, number] },
  ): AdaptiveStream {
    const isHls = target === 'player_hls';
    const manifest = isHls ? clip.hlsPath : clip.dashPath;
    const token = deps.signer.sign({ kind: 'manifests', prefix: path.dirname(manifest), ...grant });
    return {
      url: `/media/s/${token}/${manifest}`,
      type: isHls ? 'hls' : 'dash',
      usage: grant.usage,
      tracks: tracksOf(clip),
      thumbnails: [],
      signingCookies: null,
      contentProtection: null,
      expiresAt: new Date(grant.expiresAt * 1000).toISOString(),
    };
  }

  return {
    /**
     * An opening (decision 044, beyond the spec): the View stream's manifests under a grant that
     * opens only the segments around `startSeconds` (OPENING_SEGMENTS from it, one before) and
     * takes no device place, for a viewer who may View. Not for a programme (it plays from its
     * channel) nor an encrypted clip (its keys are given to a View stream only).
     */
    async getOpeningStream(
      input: Omit<StreamRequest, 'usage'> & { rawId: string; customer: CustomerAuth },
      startSeconds: number,
    ): Promise<AdaptiveStream> {
      const { row, kind, purchase } = await findPlayableContent(deps.repo, { ...input, usage: 'View' });
      if (row.content_type === 'Programme') throw apiError(ApiErrorNumber.Forbidden);
      const clip = row.clip_key ? await deps.clips.get(row.clip_key) : null;
      if (!clip) throw apiError(ApiErrorNumber.ContentNotFound);
      if (clip.protection) throw apiError(ApiErrorNumber.Forbidden);
      const holding = Math.floor(startSeconds / SEGMENT_SECONDS) + 1;
      const first = Math.max(1, holding - OPENING_LOOK_BACK_SEGMENTS);
      return rangedStream(clip, input.target, {
        expiresAt: Math.floor(now().getTime() / 1000) + OPENING_GRANT_SECONDS,
        sessionId: input.customer.sessionId,
        customerId: input.customer.customerId,
        usage: 'View',
        segmentRange: [first, holding + OPENING_SEGMENTS - 1],
        player: kind,
        purchase,
        opening: true,
      });
    },

    /**
     * spec 2 §7 /content/{id}/url/adaptive. Entitlement is decided here, once (ARCHITECTURE 3):
     * View needs access (spec 2 §4); without it only Preview is granted: the short public teaser,
     * or the ladder's first segments under a grant that opens only them, so no client can lift
     * the preview limit.
     */
    async getAdaptiveStream(input: StreamRequest & { rawId: string }): Promise<AdaptiveStream> {
      const { row, kind, purchase } = await findPlayableContent(deps.repo, input);
      if (row.content_type === 'Programme' && deps.programmeStream) {
        const aired = await deps.programmeStream({ ...input, contentId: row.id });
        if (aired) return aired;
      }
      const clip = row.clip_key ? await deps.clips.get(row.clip_key) : null;
      if (!clip) throw apiError(ApiErrorNumber.ContentNotFound);
      const expiresAt = Math.floor(now().getTime() / 1000) + GRANT_SECONDS;
      const thumbnails = clip.thumbnails.map((t) => ({ percent: t.percent, time: t.timeSec, url: `/media/${t.path}` }));
      if (input.usage === 'Preview') {
        // The ladder's first segments under a grant that opens only them (decision 041: a preview
        // manifest holds only the preview's segments), for the players' own call; the teaser file
        // for the other calls (decision 023) and for an encrypted clip, whose key a preview must
        // never reach (decision 024).
        if (input.preview === 'segments' && !clip.protection) {
          // The ladder's own first VOD_PREVIEW_SEGMENTS segments, nothing past them.
          return rangedStream(clip, input.target, {
            expiresAt,
            sessionId: input.customer?.sessionId ?? null,
            customerId: input.customer?.customerId ?? null,
            usage: 'Preview',
            segmentRange: [1, VOD_PREVIEW_SEGMENTS],
            player: 'content',
          });
        }
        return {
          url: `/media/${clip.previewPath}`,
          type: 'video',
          usage: 'Preview',
          tracks: [],
          thumbnails,
          signingCookies: null,
          contentProtection: null,
          expiresAt: new Date(expiresAt * 1000).toISOString(),
        };
      }
      // A full stream takes one of the account's simultaneous-device places (spec 1 §6); the
      // teaser above is free for everyone, so it takes none.
      if (input.customer) {
        await deps.leases.take(input.customer.customerId, input.customer.sessionId, input.streamKind ?? 'vod');
        deps.authority.streamStarted(input.customer.sessionId);
      }
      // HLS for Apple devices (spec 2 §4 target per device), DASH for the others. An encrypted
      // clip is DASH for all: its protection is announced in the MPD (decision 024).
      const isHls = input.target === 'player_hls' && !clip.protection;
      const manifest = isHls ? clip.hlsPath : clip.dashPath;
      const token = deps.signer.sign({
        kind: 'manifests',
        prefix: path.dirname(manifest),
        expiresAt,
        sessionId: input.customer?.sessionId ?? null,
        customerId: input.customer?.customerId ?? null,
        usage: 'View',
        segmentRange: null,
        player: kind,
        purchase,
      });
      return {
        url: `/media/s/${token}/${manifest}`,
        type: isHls ? 'hls' : 'dash',
        usage: 'View',
        tracks: tracksOf(clip),
        thumbnails,
        signingCookies: null,
        // spec 2 §3 DRM content protection: the token URL carries the stream's grant.
        contentProtection: clip.protection
          ? {
              Provider: 'Playz',
              ...drmSystem(input.drmProvider, deps.drmProxies),
              DrmLicenseTokenUrl: `/api/1.2/drm/token?grant=${encodeURIComponent(token)}`,
              ContentAccessMode: 'View',
              ContentSecurityID: clip.protection.kid,
              UsageContext: input.target ?? 'player',
            }
          : null,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      };
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;

/**
 * spec 2 §7 /url/adaptive drm_provider: Widevine or FairPlay through the licence proxy when it
 * is configured, otherwise ClearKey, which Playz serves itself (decision 024).
 */
function drmSystem(
  provider: string | undefined,
  proxies: { widevine: string | null; fairplay: string | null; fairplayCertificate: string | null } | undefined,
) {
  const wanted = provider?.toLowerCase();
  if (wanted === 'widevine' && proxies?.widevine) {
    return { DrmType: 'Widevine' as const, DrmLicenseUrl: '/drm/license/widevine', DrmCertificateUrl: null };
  }
  if (wanted === 'fairplay' && proxies?.fairplay) {
    return {
      DrmType: 'FairPlay' as const,
      DrmLicenseUrl: '/drm/license/fairplay',
      DrmCertificateUrl: proxies.fairplayCertificate,
    };
  }
  return { DrmType: 'ClearKey' as const, DrmLicenseUrl: '/drm/license', DrmCertificateUrl: null };
}
