import type { AdaptiveStream } from '@playz/api-contract';
import { thumbnailPercentage } from '@playz/domain';

type Thumbnail = AdaptiveStream['thumbnails'][number];

/**
 * The seek-bar preview for a position (0-1): the hovered percentage is rounded to tens
 * (spec 2 §9) and the thumbnail of that step is shown, or the nearest one when a step is missing.
 */
export function thumbnailAt(thumbnails: readonly Thumbnail[], ratio: number): Thumbnail | null {
  if (thumbnails.length === 0 || !Number.isFinite(ratio)) return null;
  const percent = thumbnailPercentage(ratio * 100);
  let best: Thumbnail | null = null;
  for (const thumbnail of thumbnails) {
    if (!best || Math.abs(thumbnail.percent - percent) < Math.abs(best.percent - percent)) best = thumbnail;
  }
  return best;
}
