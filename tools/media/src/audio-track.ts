import { captureProcessOutput } from './run-ffmpeg';
import { fixHlsMediaPlaylist } from './fix-hls';
import type { FfmpegBinaries } from './ffmpeg-binary';
import {
  AAC_FRAME_SAMPLES,
  AUDIO_KBPS,
  AUDIO_SAMPLE_RATE,
  DEFAULT_SEGMENT_SEC,
  INIT_SEGMENT_TEMPLATE,
  MEDIA_SEGMENT_TEMPLATE,
  MPD_NAME,
} from './ladder-args';
import type { ClipAudioTrack } from './tracks';

/**
 * The containers an editor's audio file is opened as, and only from a local file (decision 114).
 * ffmpeg guesses a format from the bytes: a text file that starts `#EXTM3U` is opened as an HLS
 * playlist and the files it names are read — a server's own media (`/…/chunk-stream3-00001.m4s`)
 * would then be probed as the editor's and encoded into the content. Audio files and the video
 * containers whose sound may be taken; no playlist, concat list or image sequence.
 */
export const AUDIO_INPUT_FORMATS = 'wav,w64,aiff,caf,mp3,aac,ac3,eac3,flac,ogg,mov,matroska,asf,avi,mpegts';
export const audioInputOptions = () => ['-protocol_whitelist', 'file', '-format_whitelist', AUDIO_INPUT_FORMATS];

/**
 * A second audio language added to a packaged ladder (decision 114, after decision 068): the
 * sound of a file an editor sent, encoded alone as the ladder encodes its audio (AAC-LC 48 kHz
 * stereo, the same segment length, cut one AAC frame short of the film so its segments pair with
 * the video's), then given to the MPD and the multivariant playlist as the dash muxer writes a
 * ladder's own languages.
 */
export function buildAudioTrackArgs(o: {
  input: string;
  outDir: string;
  durationSec: number;
  language: string;
  segmentSec?: number;
}): string[] {
  const segmentSec = o.segmentSec ?? DEFAULT_SEGMENT_SEC;
  const samples = Math.round(o.durationSec * AUDIO_SAMPLE_RATE) - AAC_FRAME_SAMPLES;
  return [
    '-y',
    ...audioInputOptions(),
    ...['-i', o.input],
    // A track shorter than the picture is padded with silence, a longer one cut, as a dubbed one in the ladder.
    ...['-filter_complex', `[0:a:0]aresample=${AUDIO_SAMPLE_RATE},apad,atrim=end_sample=${samples}[a]`],
    ...['-map', '[a]', '-metadata:s:a:0', `language=${o.language}`],
    ...['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'],
    ...['-t', String(o.durationSec)],
    ...['-f', 'dash', '-seg_duration', String(segmentSec), '-use_template', '1', '-use_timeline', '0'],
    ...['-adaptation_sets', 'id=0,streams=a'],
    ...['-init_seg_name', INIT_SEGMENT_TEMPLATE, '-media_seg_name', MEDIA_SEGMENT_TEMPLATE],
    ...['-hls_playlist', '1'],
    `${o.outDir}/${MPD_NAME}`,
  ];
}

/**
 * What an audio file is, read by ffprobe from its bytes (never its name or the browser's type):
 * the codec of its first audio stream, or null when it has none (a picture, a text, a video
 * without sound, a file ffprobe cannot read). Without ffprobe (the npm fallback), `ffmpeg -i`.
 */
export async function probeAudio(file: string, binaries: FfmpegBinaries): Promise<{ codec: string } | null> {
  if (binaries.ffprobe) {
    const out = await captureProcessOutput(binaries.ffprobe, [
      ...['-v', 'error', ...audioInputOptions(), '-select_streams', 'a:0'],
      ...['-show_entries', 'stream=codec_type,codec_name', '-of', 'json', file],
    ]);
    if (out.exitCode !== 0) return null;
    try {
      const streams = (JSON.parse(out.stdout) as { streams?: { codec_type?: string; codec_name?: string }[] }).streams;
      const audio = streams?.find((s) => s.codec_type === 'audio');
      return audio?.codec_name ? { codec: audio.codec_name } : null;
    } catch {
      return null;
    }
  }
  const out = await captureProcessOutput(binaries.ffmpeg, ['-hide_banner', ...audioInputOptions(), '-i', file]);
  const match = /Stream #\d+:\d+[^\n]*: Audio: ([a-z0-9_]+)/.exec(out.stderr);
  return match ? { codec: match[1]! } : null;
}

/**
 * The encoded track's files renamed for representation `id` of the ladder (the dash muxer wrote
 * it as representation 0): `init-stream0.m4s` → `init-stream<id>.m4s`, its media playlist too.
 */
export const audioFileNameFor = (name: string, id: number): string | null => {
  const init = /^init-stream0\.m4s$/.test(name);
  if (init) return `init-stream${id}.m4s`;
  const chunk = /^chunk-stream0-(\d+\.m4s)$/.exec(name);
  if (chunk) return `chunk-stream${id}-${chunk[1]}`;
  if (name === 'media_0.m3u8') return `media_${id}.m3u8`;
  return null;
};

/**
 * The media playlist of the encoded track, naming representation `id`'s segments, made VOD as
 * the ladder's own playlists are (fixHlsMediaPlaylist: no wall-clock dates, PLAYLIST-TYPE:VOD).
 */
export const audioPlaylistFor = (playlist: string, id: number) =>
  fixHlsMediaPlaylist(
    playlist.replace(/init-stream0\.m4s/g, `init-stream${id}.m4s`).replace(/chunk-stream0-/g, `chunk-stream${id}-`),
  );

/** The encoded track's one Representation, as its own MPD holds it, given id `id`. */
export function audioRepresentationFor(trackMpd: string, id: number): string {
  const match = /[ \t]*<Representation\b[^>]*>[\s\S]*?<\/Representation>/.exec(trackMpd);
  if (!match) throw new Error('audio track: no Representation in its MPD');
  return match[0].replace(/(<Representation\b[^>]*\sid=")0"/, `$1${id}"`);
}

const quoted = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;
const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The multivariant playlist with more audio renditions in the ladder's audio group, after its
 * own (never the default: the film's first language stays it), as decision 068 writes a second
 * language: NAME its own name, LANGUAGE its tag.
 */
export function addHlsAudio(master: string, tracks: readonly ClipAudioTrack[]): string {
  if (!tracks.length) return master;
  const lines = master.split('\n');
  const audioAt = lines.flatMap((line, i) =>
    line.startsWith('#EXT-X-MEDIA:') && line.includes('TYPE=AUDIO') ? [i] : [],
  );
  const last = audioAt.at(-1);
  if (last === undefined) throw new Error('audio track: the ladder has no audio group');
  const group = /GROUP-ID=("[^"]*")/.exec(lines[last]!)?.[1] ?? '"group_A1"';
  const added = tracks.map(
    (track) =>
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=${group},NAME=${quoted(track.label)},LANGUAGE=${quoted(track.language)},` +
      `DEFAULT=NO,AUTOSELECT=YES,URI="media_${track.id}.m3u8"`,
  );
  return [...lines.slice(0, last + 1), ...added, ...lines.slice(last + 1)].join('\n');
}

/**
 * The MPD with an audio adaptation set per added language after the ladder's own (its lang and
 * Label, no Role: the first language keeps "main"), each holding the encoded track's Representation.
 */
export function addMpdAudio(mpd: string, tracks: readonly { track: ClipAudioTrack; representation: string }[]): string {
  if (!tracks.length) return mpd;
  const setIds = [...mpd.matchAll(/<AdaptationSet\b[^>]*\sid="(\d+)"/g)].map((m) => Number(m[1]));
  let nextSet = Math.max(-1, ...setIds) + 1;
  const sets = tracks
    .map(
      ({ track, representation }) =>
        `\t\t<AdaptationSet id="${nextSet++}" contentType="audio" startWithSAP="1" segmentAlignment="true" bitstreamSwitching="true" lang="${xml(track.language)}">\n` +
        `\t\t\t<Label>${xml(track.label)}</Label>\n` +
        `\t\t\t${representation.trim()}\n` +
        `\t\t</AdaptationSet>\n`,
    )
    .join('');
  // After the last audio set (before any text set), as the ladder orders them.
  const audioSets = [...mpd.matchAll(/<AdaptationSet\b[^>]*contentType="audio"[^>]*>[\s\S]*?<\/AdaptationSet>\n?/g)];
  const lastSet = audioSets.at(-1);
  if (!lastSet) throw new Error('audio track: the ladder has no audio adaptation set');
  const at = lastSet.index + lastSet[0].length;
  return `${mpd.slice(0, at)}${sets}${mpd.slice(at)}`;
}
