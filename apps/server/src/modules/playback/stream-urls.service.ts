import fs from 'node:fs/promises';
import path from 'node:path';
import type { AdaptiveStream, ContentUrl, FormatVariant, VideoTrack } from '@playz/api-contract';
import { ApiErrorNumber, apiError, DEFAULT_HEIGHT, selectStream } from '@playz/domain';
import { parseHlsMaster, type HlsVariant } from '@playz/media';
import type { CatalogueRepository } from '../catalogue';
import type { ClipCatalog } from '../../streaming/clip-catalog';
import { findPlayableContent } from './content-entitlement';
import { contentUrlsOf } from '../../streaming/hls-variants';
import { describeMp4 } from './mp4-boxes';
import type { PlaybackService, StreamRequest } from './playback.service';

type ContentStreamRequest = StreamRequest & { rawId: string };

export interface ContentFormats {
  FormatVariants: FormatVariant[];
  VideoTracks: VideoTrack[];
}

/**
 * spec 2 §7 /content/{id}/url, /url/tv and /url/formats (docs/decisions/023). Each asks
 * getAdaptiveStream for the HLS stream, so entitlement, the device place and the grant are
 * decided in one place (View needs access, else 4; Preview is the teaser), then gives its URLs
 * another shape. HLS because a height of the ladder plays with its sound only in a
 * multivariant playlist (hls-variants.ts), and every player of spec 2 §4 opens one.
 */
export function createStreamUrls(deps: {
  playback: PlaybackService;
  repo: CatalogueRepository;
  clips: ClipCatalog;
  mediaRoot: string;
  /** Base of the absolute URL a TV's native player is given. */
  publicUrl: string;
}) {
  const hlsStream = (input: ContentStreamRequest) =>
    deps.playback.getAdaptiveStream({ ...input, target: 'player_hls' });
  // Finished clips never change: their masters and teasers are read once.
  const masters = new Map<string, Promise<HlsVariant[]>>();
  const teasers = new Map<string, Promise<{ width: number; height: number; bitrate: number }>>();
  const readOnce = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
    let hit = cache.get(key);
    if (!hit) {
      hit = read();
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
    }
    return hit;
  };

  async function clipOf(input: ContentStreamRequest) {
    const { row } = await findPlayableContent(deps.repo, input);
    const clip = row.clip_key ? await deps.clips.get(row.clip_key) : null;
    if (!clip) throw apiError(ApiErrorNumber.ContentNotFound);
    return clip;
  }

  async function teaserVariant(stream: AdaptiveStream, previewPath: string): Promise<FormatVariant> {
    const teaser = await readOnce(teasers, previewPath, async () => {
      const file = await fs.readFile(path.join(deps.mediaRoot, previewPath));
      const { width, height, durationSec } = describeMp4(file);
      return { width, height, bitrate: durationSec > 0 ? Math.round((file.length * 8) / durationSec) : 0 };
    }).catch(() => ({ width: 0, height: 0, bitrate: 0 }));
    return { url: stream.url, type: 'video', ...teaser };
  }

  return {
    /** Content URLs: the adaptive stream (height 0), then one per height, tallest first. */
    async contentUrls(input: ContentStreamRequest): Promise<ContentUrl[]> {
      return contentUrlsOf(await hlsStream(input));
    },

    /**
     * The one URL a TV's native player opens: absolute (the player has no page to resolve it
     * against) and needing no cookie (decision 022); the teaser for Preview.
     */
    async tvUrl(input: ContentStreamRequest): Promise<ContentUrl> {
      const stream = await hlsStream(input);
      return { url: new URL(stream.url, deps.publicUrl).toString(), height: 0 };
    },

    /**
     * Format variants: one signed HLS stream per height. Video tracks: the ladder as its HLS
     * master declares it (codecs included); active is the one an Auto start plays first, the
     * tallest at or under 1080 (spec 2 §9). Preview: the teaser alone, no tracks.
     */
    async formats(input: ContentStreamRequest): Promise<ContentFormats> {
      const stream = await hlsStream(input);
      const clip = await clipOf(input);
      if (stream.usage === 'Preview')
        return { FormatVariants: [await teaserVariant(stream, clip.previewPath)], VideoTracks: [] };
      const variants = await readOnce(masters, clip.hlsPath, async () =>
        parseHlsMaster(await fs.readFile(path.join(deps.mediaRoot, clip.hlsPath), 'utf8')),
      ).catch(() => {
        throw apiError(ApiErrorNumber.ContentNotFound);
      });
      const FormatVariants = contentUrlsOf(stream)
        .filter((u) => u.height > 0)
        .flatMap(({ url, height }): FormatVariant[] => {
          const track = stream.tracks.find((t) => t.height === height);
          return track ? [{ url, width: track.width, height, bitrate: track.bitrate, type: 'hls' }] : [];
        });
      const active = selectStream(
        variants.map((v) => ({ ...v, url: v.uri })),
        DEFAULT_HEIGHT,
      );
      const VideoTracks = variants.map((v, i) => ({
        trackId: Number(/(\d+)\.m3u8$/.exec(v.uri)?.[1] ?? i),
        ...{ width: v.width, height: v.height, bitrate: v.bandwidth, codecs: v.codecs },
        active: v.uri === active?.uri,
      }));
      return { FormatVariants, VideoTracks };
    },
  };
}
export type StreamUrls = ReturnType<typeof createStreamUrls>;
