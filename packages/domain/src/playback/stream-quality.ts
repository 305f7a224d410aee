// Video quality preference and stream choice (spec 2 §4, §5, §9).

export const ALLOWED_HEIGHTS = [270, 360, 480, 720, 1080, 1440, 2160] as const;
export type VideoHeight = (typeof ALLOWED_HEIGHTS)[number];
/** Default and maximum auto-init height (spec 2 §9). */
export const DEFAULT_HEIGHT: VideoHeight = 1080;
/** Initial quality on smartphones (spec 2 §9). */
export const DEFAULT_SMARTPHONE_HEIGHT: VideoHeight = 270;

/** A remembered preference outside the allowed list becomes 1080 (spec 2 §5). */
export function normalizePreferredHeight(height: number | string | null | undefined): VideoHeight {
  const value = Number(height);
  return ALLOWED_HEIGHTS.find((allowed) => allowed === value) ?? DEFAULT_HEIGHT;
}

export interface StreamUrl {
  url: string;
  height: number;
}

/**
 * Sort by height descending and take the first at or under the preferred height (spec 2 §4).
 * The spec does not say what happens when every stream is taller: we take the lowest, the
 * closest to what was asked for.
 */
export function selectStream<T extends StreamUrl>(streams: readonly T[], preferredHeight: number): T | null {
  const sorted = [...streams].sort((a, b) => b.height - a.height);
  return sorted.find((stream) => stream.height <= preferredHeight) ?? sorted.at(-1) ?? null;
}
