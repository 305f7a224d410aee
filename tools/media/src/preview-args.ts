export interface PreviewOptions {
  input: string;
  startSec: number;
  durationSec?: number;
  height?: number;
  out: string;
}

/**
 * A muted, low-resolution teaser for card hover previews: progressive mp4 with the index first
 * (+faststart) so a <video> tag starts it before the whole file arrives.
 */
export function buildPreviewArgs(o: PreviewOptions): string[] {
  return [
    '-y',
    ...['-ss', o.startSec.toFixed(3), '-t', String(o.durationSec ?? 6), '-i', o.input],
    '-an',
    ...['-vf', `scale=-2:${o.height ?? 270}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...['-movflags', '+faststart'],
    o.out,
  ];
}
