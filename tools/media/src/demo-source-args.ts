import { buildPatternSource, type DemoPattern } from './demo-pattern';
import { escapeDrawtext, escapeFilterValue } from './filter-escape';

export interface DemoSourceOptions {
  title: string;
  subtitle?: string;
  pattern: DemoPattern;
  durationSec: number;
  width: number;
  height: number;
  fps: number;
  toneHz: number;
  /**
   * Further audio tracks after the first, one tone each (decision 068: the demo's second
   * language is a synthesized track, told apart by its pitch and a faster beep).
   */
  extraToneHz?: readonly number[];
  /** Hue rotation in degrees, to tell apart clips that share a pattern. */
  hue?: number;
  fontFile: string;
  /** The mezzanine: H.264/AAC mp4 with a 1 s GOP so later seeks (thumbnails, preview) are cheap. */
  out: string;
  /** A clean frame (no text) that posters are drawn from, written by the same command. */
  posterFrameOut: string;
  posterFrameAtSec: number;
}

/**
 * A synthetic mezzanine from lavfi: the moving pattern with the title and a running timecode
 * burned in, plus a tone that beeps every second (handy to check A/V sync against the timecode).
 */
export function buildDemoSourceArgs(o: DemoSourceOptions): string[] {
  const font = escapeFilterValue(o.fontFile);
  const big = Math.round(o.height / 9);
  const small = Math.round(o.height / 24);
  const text = (value: string, size: number, y: string, extra = '') =>
    `drawtext=fontfile=${font}:expansion=none:text=${escapeDrawtext(value)}:fontsize=${size}` +
    `:fontcolor=white:borderw=${Math.max(1, Math.round(size / 20))}:bordercolor=black@0.6` +
    `:x=(w-text_w)/2:y=${y}${extra}`;
  const titled = [
    text(o.title, big, `h*0.38-text_h`),
    ...(o.subtitle ? [text(o.subtitle, Math.round(small * 1.5), 'h*0.38+text_h/2')] : []),
    // Running timecode: the one drawtext with expansion on, to evaluate %{pts}.
    `drawtext=fontfile=${font}:text=${escapeFilterValue('%{pts:hms}')}:fontsize=${small}:fontcolor=white` +
      `:box=1:boxcolor=black@0.5:boxborderw=${Math.round(small / 4)}:x=${small}:y=h-text_h-${small}`,
  ].join(',');
  const frameIndex = Math.round(o.posterFrameAtSec * o.fps);
  const graph =
    `[0:v]hue=h=${o.hue ?? 0},format=yuv420p,split=2[clean][base];` +
    `[clean]trim=start_frame=${frameIndex}:end_frame=${frameIndex + 1}[frame];` +
    `[base]${titled}[video]`;
  return [
    '-y',
    ...['-f', 'lavfi', '-t', String(o.durationSec), '-i', buildPatternSource(o.pattern, o.width, o.height, o.fps)],
    ...['-f', 'lavfi', '-t', String(o.durationSec), '-i', `sine=frequency=${o.toneHz}:beep_factor=2:sample_rate=48000`],
    ...(o.extraToneHz ?? []).flatMap((hz) => [
      ...['-f', 'lavfi', '-t', String(o.durationSec), '-i', `sine=frequency=${hz}:beep_factor=4:sample_rate=48000`],
    ]),
    '-filter_complex',
    graph,
    ...['-map', '[video]', '-map', '1:a'],
    ...(o.extraToneHz ?? []).flatMap((_, i) => ['-map', `${i + 2}:a`]),
    // ultrafast + low CRF: the mezzanine is an intermediate, encoding speed matters more than size.
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p'],
    ...['-g', String(o.fps), '-keyint_min', String(o.fps)],
    ...['-c:a', 'aac', '-b:a', '160k', '-ac', '2', '-ar', '48000'],
    ...['-t', String(o.durationSec), o.out],
    ...['-map', '[frame]', '-frames:v', '1', '-q:v', '2', o.posterFrameOut],
  ];
}
