import { join } from 'node:path';
import { escapeFilterValue } from './filter-escape';
import { DEFAULT_FPS, DEFAULT_SEGMENT_SEC, INIT_SEGMENT_TEMPLATE, MEDIA_SEGMENT_TEMPLATE } from './ladder-args';

export const LIVE_INGEST_MPD = 'live.mpd';

export interface LiveIngestOptions {
  /** Folder the encoder writes its MPD, HLS playlists and segments into. */
  outDir: string;
  /** Drawn over the picture with the wall clock, so a viewer sees it is live. */
  title: string;
  fontFile: string;
  height?: number;
  videoKbps?: number;
}

/**
 * A low-bitrate live encoder for a Stream channel (decision 041): a synthetic picture with the wall
 * clock and a tone, read in real time (-re), encoded to one H.264 rendition and AAC, written
 * as CMAF by the dash muxer with an MPD and HLS playlists over a sliding window of segments
 * (the same 3.2 s segments and file names as the VOD ladder, so the same serving code applies).
 */
export function buildLiveIngestArgs(o: LiveIngestOptions): string[] {
  const height = o.height ?? 360;
  const width = Math.round((height * 16) / 9 / 2) * 2;
  const kbps = o.videoKbps ?? 500;
  const font = escapeFilterValue(o.fontFile);
  const size = Math.round(height / 12);
  const title = escapeFilterValue(o.title.replace(/%/g, ''));
  const gop = String(Math.round(DEFAULT_SEGMENT_SEC * DEFAULT_FPS));
  const graph =
    `[0:v]drawtext=fontfile=${font}:text=${title}:fontsize=${size * 2}:fontcolor=white:borderw=2:bordercolor=black@0.6` +
    `:x=(w-text_w)/2:y=h*0.35,drawtext=fontfile=${font}:text=${escapeFilterValue('%{localtime:%H\\:%M\\:%S}')}` +
    `:fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=${Math.round(size / 4)}:x=(w-text_w)/2:y=h*0.6[v]`;
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-re', '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=${DEFAULT_FPS}`],
    ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=330:beep_factor=4:sample_rate=48000'],
    ...['-filter_complex', graph, '-map', '[v]', '-map', '1:a'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-bf', '0'],
    ...['-b:v', `${kbps}k`, '-maxrate', `${Math.round(kbps * 1.1)}k`, '-bufsize', `${kbps * 2}k`],
    // One keyframe per segment, as the VOD ladder (whole AAC and video frames).
    ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
    ...['-c:a', 'aac', '-b:a', '96k', '-ac', '2'],
    ...['-f', 'dash', '-seg_duration', String(DEFAULT_SEGMENT_SEC), '-use_template', '1', '-use_timeline', '1'],
    // 30 segments (96 s) listed; 10 more kept on disk for players still fetching them.
    ...['-window_size', '30', '-extra_window_size', '10', '-hls_playlist', '1'],
    ...['-adaptation_sets', 'id=0,streams=v id=1,streams=a'],
    ...['-init_seg_name', INIT_SEGMENT_TEMPLATE, '-media_seg_name', MEDIA_SEGMENT_TEMPLATE],
    join(o.outDir, LIVE_INGEST_MPD),
  ];
}
