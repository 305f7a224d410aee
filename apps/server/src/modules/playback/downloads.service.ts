import path from 'node:path/posix';
import type { DownloadData } from '@playz/api-contract';
import { ApiErrorNumber, apiError, cleanSlug, DEFAULT_HEIGHT, isApiError, type Access } from '@playz/domain';
import type { CustomerAuth } from '../../lib/access';
import type { CatalogueRepository } from '../catalogue';
import type { ClipCatalog } from '../../streaming/clip-catalog';
import type { ParentalGate } from './parental-gate';
import { findPlayableContent } from './content-entitlement';
import type { DeviceLeases } from '../../streaming/device-leases';
import type { DownloadFiles } from './download-files';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { StreamSigner } from '../../streaming/stream-signing';

export interface DownloadRequest {
  /** View, or the spec's Download usage; Preview has no file to download. */
  usage: 'View' | 'Download' | 'Preview';
  /** Preferred height (spec 2 §5 allowed heights); the tallest rendition at or under it. */
  quality: number | undefined;
  access: readonly Access[];
  /** Who asks: a signed-in caller (its session takes the device place), or null for a visitor. */
  customer: CustomerAuth | null;
  /** A rated content at or above the account's threshold is not downloaded without the code (decision 059). */
  parental?: ParentalGate | null;
}

export interface DownloadList {
  Downloads: DownloadData[];
  Unavailable: { contentID: number; Error: { Number: number; Message: string } }[];
}

/** `/media/d/{grant}/clips/aurora/l-ete-indien-720p.mp4` (download.routes.ts). */
export const DOWNLOAD_PATH_PREFIX = '/media/d/';

/**
 * spec 2 §7 /content/{id}/download and /contents/download (docs/decisions/023). A download is
 * the content's rendition at or under the quality asked for, as one MP4 file with picture and
 * sound, made from the stream's own segments. Only View with access: a download is the whole
 * content. Its URL is a `segments` grant of the session marked as a download (it opens no
 * segment), as short-lived as a segment's. A download counts against the account's devices
 * (decision 049): asking for one takes the device's place as a View stream does, and the
 * transfer is checked by the stream authority as a manifest is.
 */
export function createDownloads(deps: {
  repo: CatalogueRepository;
  clips: ClipCatalog;
  files: DownloadFiles;
  signer: StreamSigner;
  leases: DeviceLeases;
  authority: StreamAuthority;
  segmentGrantSeconds: number;
  now?: () => Date;
}) {
  const nowSeconds = () => Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);

  async function downloadOf(rawId: string, request: DownloadRequest): Promise<DownloadData> {
    const { row, kind, purchase } = await findPlayableContent(deps.repo, {
      rawId,
      usage: 'View',
      access: request.access,
      customer: request.customer,
      parental: request.parental,
    });
    const clip = row.clip_key ? await deps.clips.get(row.clip_key) : null;
    if (!clip) throw apiError(ApiErrorNumber.ContentNotFound);
    const dir = path.dirname(clip.hlsPath);
    const file = await deps.files.describe(dir, request.quality ?? DEFAULT_HEIGHT);
    if (!file) throw apiError(ApiErrorNumber.ContentNotFound);
    const expiresAt = nowSeconds() + deps.segmentGrantSeconds;
    const token = deps.signer.sign({
      ...{ kind: 'segments', prefix: dir, expiresAt, sessionId: request.customer?.sessionId ?? null },
      ...{ customerId: request.customer?.customerId ?? null, usage: 'View', segmentRange: null, player: kind },
      ...{ purchase, download: true },
    });
    return {
      contentID: row.id,
      type: 'video',
      mimeType: 'video/mp4',
      downloadUrl: `${DOWNLOAD_PATH_PREFIX}${token}/${dir}/${cleanSlug(row.title)}-${file.height}p.mp4`,
      filesize: file.filesize,
      md5: file.md5,
      status: 'Done',
      height: file.height,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    };
  }

  /** A teaser is all a Preview may have, and it is not a download (spec 2 §4). */
  function assertView(request: DownloadRequest) {
    if (request.usage === 'Preview') throw apiError(ApiErrorNumber.Forbidden);
  }

  /**
   * A download is the device taking the film: it takes the device's place among the account's
   * simultaneous devices, as a View stream does (decision 049), so a device refused a stream is
   * refused its download too, with the devices-limit dialog's answer. A visitor has no place to
   * take: without access the content check answers 4 first.
   */
  async function takePlace(request: DownloadRequest) {
    if (!request.customer) return;
    await deps.leases.take(request.customer.customerId, request.customer.sessionId, 'vod');
    deps.authority.streamStarted(request.customer.sessionId);
  }

  return {
    async getDownload(request: DownloadRequest & { rawId: string }): Promise<DownloadData> {
      assertView(request);
      const download = await downloadOf(request.rawId, request);
      await takePlace(request);
      return download;
    },

    /**
     * Each content on its own: one that is unknown (20) or not allowed (4) is listed as
     * unavailable and the others are still given. Done one after the other: a first download
     * of a rendition reads all its segments once for the MD5.
     */
    async getDownloads(request: DownloadRequest & { contents: string }): Promise<DownloadList> {
      assertView(request);
      const list: DownloadList = { Downloads: [], Unavailable: [] };
      for (const id of new Set(request.contents.split(',').map(Number))) {
        try {
          list.Downloads.push(await downloadOf(String(id), request));
        } catch (error) {
          if (!isApiError(error)) throw error;
          list.Unavailable.push({ contentID: id, Error: { Number: error.number, Message: error.message } });
        }
      }
      // One device, one place, whatever the number of contents; refused, the whole call is.
      if (list.Downloads.length > 0) await takePlace(request);
      return list;
    },
  };
}
export type Downloads = ReturnType<typeof createDownloads>;
