export interface ThumbnailOptions {
  /** A file with a short GOP (the mezzanine or a low rendition): seeking decodes from the previous keyframe. */
  input: string;
  atSec: number;
  width?: number;
  out: string;
}

/** A seek-bar thumbnail: one JPEG frame, width px wide, height following the aspect ratio. */
export function buildThumbnailArgs(o: ThumbnailOptions): string[] {
  return [
    '-y',
    // -ss before -i seeks the input (fast) instead of decoding and dropping frames up to atSec.
    ...['-ss', o.atSec.toFixed(3), '-i', o.input],
    ...['-frames:v', '1', '-vf', `scale=${o.width ?? 320}:-2`, '-q:v', '5'],
    o.out,
  ];
}
