import path from 'node:path/posix';
import type { AdaptiveStream } from '@playz/api-contract';
import { ApiErrorNumber, apiError, playbackUsage, type ProductAccess } from '@playz/domain';
import type { CatalogueRepository } from '../catalogue/catalogue.repository';
import { parseId } from '../catalogue/catalogue.service';
import type { ClipCatalog } from './clip-catalog';
import type { DeviceLeases } from './device-leases';
import type { StreamSigner } from './stream-signing';

/** Long enough for a film and its pauses; short enough that a shared link soon dies. */
const GRANT_SECONDS = 6 * 3600;

export function createPlaybackService(deps: {
  repo: CatalogueRepository;
  clips: ClipCatalog;
  signer: StreamSigner;
  leases: DeviceLeases;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * spec 2 §7 /content/{id}/url/adaptive. Entitlement is decided here, once (ARCHITECTURE 3):
     * View needs access (spec 2 §4); without it only Preview is granted, which is the short
     * public teaser, so no client can lift the preview limit.
     */
    async getAdaptiveStream(input: {
      rawId: string;
      usage: 'View' | 'Preview';
      target: string | undefined;
      access: readonly ProductAccess[];
      session: { id: string; customerId: number } | null;
    }): Promise<AdaptiveStream> {
      const row = await deps.repo.getContent(parseId(input.rawId, ApiErrorNumber.ContentNotFound));
      if (!row || row.enabled !== 1) throw apiError(ApiErrorNumber.ContentNotFound);
      const clip = row.clip_key ? await deps.clips.get(row.clip_key) : null;
      if (!clip) throw apiError(ApiErrorNumber.ContentNotFound);
      const kind = row.content_type === 'Episode' ? 'episode' : 'content';
      if (input.usage === 'View' && playbackUsage(kind, input.access) !== 'View')
        throw apiError(ApiErrorNumber.Forbidden);
      const expiresAt = Math.floor(now().getTime() / 1000) + GRANT_SECONDS;
      const thumbnails = clip.thumbnails.map((t) => ({ percent: t.percent, time: t.timeSec, url: `/media/${t.path}` }));
      if (input.usage === 'Preview') {
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
      if (input.session) await deps.leases.take(input.session.customerId, input.session.id);
      // HLS for Apple devices (spec 2 §4 target per device), DASH for the others.
      const manifest = input.target === 'player_hls' ? clip.hlsPath : clip.dashPath;
      const prefix = path.dirname(manifest);
      const token = deps.signer.sign({ prefix, expiresAt, sessionId: input.session?.id ?? null });
      return {
        url: `/media/s/${token}/${manifest}`,
        type: input.target === 'player_hls' ? 'hls' : 'dash',
        usage: 'View',
        tracks: clip.renditions.map((r) => ({ height: r.height, width: r.width, bitrate: r.bandwidth })),
        thumbnails,
        signingCookies: null,
        contentProtection: null,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      };
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;
