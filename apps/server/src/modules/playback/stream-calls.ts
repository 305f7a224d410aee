import type { FastifyInstance } from 'fastify';
import type { CatalogueRepository } from '../catalogue';
import type { ClipCatalog } from '../../streaming/clip-catalog';
import type { DeviceLeases } from '../../streaming/device-leases';
import { createDownloadFiles } from './download-files';
import { registerDownloadRoutes } from './download.routes';
import { createDownloads } from './downloads.service';
import type { PlaybackService } from './playback.service';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { StreamSigner } from '../../streaming/stream-signing';
import { createStreamUrls } from './stream-urls.service';

/**
 * The stream calls of spec 2 §7 beside /url/adaptive (docs/decisions/023): Content URLs, the TV
 * URL, formats, and downloads with the media route that sends them.
 */
export function createStreamCalls(deps: {
  repo: CatalogueRepository;
  clips: ClipCatalog;
  playback: PlaybackService;
  signer: StreamSigner;
  /** A download takes the device's place and its transfer is checked as a manifest (decision 049). */
  leases: DeviceLeases;
  authority: StreamAuthority;
  mediaRoot: string;
  publicUrl: string;
  /** Lifetime of a download URL: a segment's (STREAM_SEGMENT_TTL_SECONDS). */
  segmentGrantSeconds: number;
  now?: () => Date;
}) {
  const files = createDownloadFiles(deps.mediaRoot);
  return {
    urls: createStreamUrls(deps),
    downloads: createDownloads({ ...deps, files }),
    registerMedia(media: FastifyInstance) {
      registerDownloadRoutes(media, { signer: deps.signer, authority: deps.authority, files, now: deps.now });
    },
  };
}
export type StreamCalls = ReturnType<typeof createStreamCalls>;
