import type { PlayerKind, PurchasedItem } from '@playz/domain';
import type { LiveRatingRefusal } from './live-rating-guard';
import type { StreamSigner, StreamUsage } from './stream-signing';

/** The pipeline's segment length (tools/media ladder-args.ts): previews and openings last whole segments. */
export const SEGMENT_SECONDS = 3.2;

/** Segments of a live window are listed seconds before they are fetched. */
export const LIVE_SEGMENT_GRANT_SECONDS = 5 * 60;

export interface SegmentGrantRequest {
  /** Folder under the media root, e.g. `clips/aurora`. */
  dir: string;
  sessionId: string | null;
  customerId: number | null;
  usage: StreamUsage;
  player: PlayerKind;
  /** Unix seconds. */
  expiresAt: number;
  /** Preview: only these segment numbers. */
  segmentRange?: [number, number] | null;
  /** The item bought that gave View (spec 3 §4), carried from the manifest's grant. */
  purchase?: PurchasedItem | null;
  /** An opening's segments (decision 044): its range, no device place. */
  opening?: boolean | null;
  /** A live folder playing a programme the viewer may not see (decision 082): refused, and why. */
  refusal?: LiveRatingRefusal | null;
}

/**
 * The folder URL written into a manifest for its segments: a short `segments` grant, so a
 * segment URL outlives the session that asked for it by its lifetime at most (decision 022).
 */
export function segmentBaseUrl(signer: StreamSigner, request: SegmentGrantRequest): string {
  const token = signer.sign({
    kind: 'segments',
    prefix: request.dir,
    expiresAt: request.expiresAt,
    sessionId: request.sessionId,
    customerId: request.customerId,
    usage: request.usage,
    segmentRange: request.segmentRange ?? null,
    player: request.player,
    purchase: request.purchase ?? null,
    opening: request.opening ?? null,
    refusal: request.refusal ?? null,
  });
  return `/media/s/${token}/${request.dir}/`;
}

/** Segment number (1-based) of a media segment file name; null for init segments and others. */
export function segmentNumberOf(file: string): number | null {
  const match = /chunk-stream\d+-(\d{5})\.m4s$/.exec(file);
  return match ? Number(match[1]) : null;
}
