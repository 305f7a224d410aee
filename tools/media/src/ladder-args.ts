import { join } from 'node:path';

export interface Rendition {
  height: number;
  videoKbps: number;
}

/**
 * The one ladder of every VOD title, demo or imported, and of the live slate (decision 022: a
 * channel's renditions never change between programmes). Imports and demo clips read it here.
 */
export const DEFAULT_RENDITIONS: readonly Rendition[] = [
  { height: 270, videoKbps: 400 },
  { height: 480, videoKbps: 900 },
  { height: 720, videoKbps: 1800 },
];
/** 3.2 s holds whole AAC frames (150) and whole 25 fps frames (80): one keyframe per segment. */
export const DEFAULT_SEGMENT_SEC = 3.2;
export const DEFAULT_FPS = 25;

export const AUDIO_KBPS = 128;
export const AUDIO_SAMPLE_RATE = 48_000;
/** AAC-LC frame: also the encoder priming ffmpeg puts before the first sample. */
export const AAC_FRAME_SAMPLES = 1024;

export const MPD_NAME = 'manifest.mpd';
/** The dash muxer's default master name, left implicit: ffmpeg 4.1 (npm fallback) lacks -hls_master_name. */
export const HLS_MASTER_NAME = 'master.m3u8';
export const INIT_SEGMENT_TEMPLATE = 'init-stream$RepresentationID$.m4s';
export const MEDIA_SEGMENT_TEMPLATE = 'chunk-stream$RepresentationID$-$Number%05d$.m4s';

/**
 * One audio language of the ladder (decision 068). `input` is another file than the source (an
 * operator's dubbed track), `index` the audio stream of that input (0 for the first).
 */
export interface LadderAudio {
  language: string;
  input?: string;
  index?: number;
}

export interface LadderOptions {
  source: string;
  outDir: string;
  /** Exact duration to package; the audio is cut one AAC frame short of it (see below). */
  durationSec: number;
  renditions?: readonly Rendition[];
  /** DEFAULT_SEGMENT_SEC unless a test wants another. */
  segmentSec?: number;
  fps?: number;
  /**
   * Audio languages in order, the first being the default; one track, the source's first, when
   * left out. Each gets its own adaptation set, so a player picks a language, not a bitrate.
   */
  audio?: readonly LadderAudio[];
}

/**
 * One ffmpeg run: a CMAF ladder (fMP4, H.264 + AAC) written by the dash muxer, with an MPD and HLS
 * playlists over the same segments. Video streams come first, so representation ids 0..n-1 are
 * the renditions in the given order and id n is the audio.
 */
export function buildLadderArgs(o: LadderOptions): string[] {
  const renditions = o.renditions ?? DEFAULT_RENDITIONS;
  const segmentSec = o.segmentSec ?? DEFAULT_SEGMENT_SEC;
  const fps = o.fps ?? DEFAULT_FPS;
  const gop = String(Math.round(segmentSec * fps));
  const split = renditions.map((_, i) => `[s${i}]`).join('');
  // No setsar: with it the dash muxer fails on "conflicting" aspect ratios at 480p (854x480).
  const scales = renditions.map((r, i) => `[s${i}]scale=-2:${r.height}[v${i}]`).join(';');
  // The encoder adds one priming frame (pts -1024) that the muxer counts; without this cut a
  // 32 s clip gets an 11th, 21 ms audio segment and audio/video segment lists no longer pair up.
  const audioSamples = Math.round(o.durationSec * AUDIO_SAMPLE_RATE) - AAC_FRAME_SAMPLES;
  const audio = o.audio ?? [];
  const extraInputs = [...new Set(audio.flatMap((a) => (a.input && a.input !== o.source ? [a.input] : [])))];
  const inputOf = (a: LadderAudio) => (a.input && a.input !== o.source ? extraInputs.indexOf(a.input) + 1 : 0);
  // A dubbed track may be shorter than the picture: padded with silence, then cut like the first.
  const audioGraph = audio.length
    ? audio
        .map(
          (a, i) =>
            `[${inputOf(a)}:a:${a.index ?? 0}]aresample=${AUDIO_SAMPLE_RATE},apad,atrim=end_sample=${audioSamples}[a${i}]`,
        )
        .join(';')
    : `[0:a:0]aresample=${AUDIO_SAMPLE_RATE},atrim=end_sample=${audioSamples}[a]`;
  const graph = `[0:v]fps=${fps},split=${renditions.length}${split};${scales};${audioGraph}`;
  const audioLabels = audio.length ? audio.map((_, i) => `[a${i}]`) : ['[a]'];
  // Representation ids follow the output streams: the renditions, then each audio language.
  const adaptationSets = audio.length
    ? ['id=0,streams=v', ...audio.map((_, i) => `id=${i + 1},streams=${renditions.length + i}`)].join(' ')
    : 'id=0,streams=v id=1,streams=a';
  return [
    '-y',
    ...['-i', o.source],
    ...extraInputs.flatMap((input) => ['-i', input]),
    '-filter_complex',
    graph,
    ...renditions.flatMap((_, i) => ['-map', `[v${i}]`]),
    ...audioLabels.flatMap((label) => ['-map', label]),
    // The dash muxer writes it as the adaptation set's lang (an RFC 5646 tag, so "fr", not "fra").
    ...audio.flatMap((a, i) => [`-metadata:s:a:${i}`, `language=${a.language}`]),
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    // B-frames start video dts below zero and the muxer then cuts audio against that offset,
    // giving 148/150/152-frame audio segments; without them every segment holds exactly 150.
    ...['-bf', '0'],
    ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
    ...['-force_key_frames', `expr:gte(t,n_forced*${segmentSec})`],
    ...renditions.flatMap((r, i) => [
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.1)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 2}k`,
    ]),
    ...['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'],
    ...['-t', String(o.durationSec)],
    ...['-f', 'dash', '-seg_duration', String(segmentSec), '-use_template', '1', '-use_timeline', '0'],
    ...['-adaptation_sets', adaptationSets],
    ...['-init_seg_name', INIT_SEGMENT_TEMPLATE, '-media_seg_name', MEDIA_SEGMENT_TEMPLATE],
    ...['-hls_playlist', '1'],
    join(o.outDir, MPD_NAME),
  ];
}
