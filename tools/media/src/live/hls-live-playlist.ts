import { initSegmentName, mediaSegmentName, type LiveClip, type LiveStream } from './live-clip';
import type { LiveSegment } from './live-timeline';
import type { WindowRange } from './live-window';

/** Where a clip's files are fetched from (a signed folder URL ending with '/'). */
export type ClipBaseUrl = (clip: LiveClip) => string;

export interface HlsMediaPlaylistInput {
  segments: readonly LiveSegment[];
  streamId: number;
  range: Pick<WindowRange, 'isClosed' | 'playlistType'>;
  baseUrl: ClipBaseUrl;
}

/**
 * RFC 8216 §4.3.3.1: every EXTINF rounded must be at most the target. Segments are 3.2 s, so 3;
 * a constant, as a live playlist's target duration must not change between reloads.
 */
export const LIVE_TARGET_DURATION = 3;

const streamOf = (clip: LiveClip, id: number): LiveStream | undefined => clip.streams.find((s) => s.id === id);

/**
 * The media playlist of one stream (a video rendition or the audio) over a channel's segments:
 * media sequence and discontinuity sequence from the timeline (live-timeline.ts), a
 * discontinuity and a new EXT-X-MAP at each block (a programme boundary is always one), and the
 * air time of every segment as EXT-X-PROGRAM-DATE-TIME.
 */
export function buildHlsMediaPlaylist(input: HlsMediaPlaylistInput): string {
  const first = input.segments[0];
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${LIVE_TARGET_DURATION}`];
  lines.push(`#EXT-X-MEDIA-SEQUENCE:${first?.sequence ?? 0}`);
  // The first listed segment's block: its own discontinuity tag is never written (nothing
  // precedes it in the playlist), each later block adds one.
  lines.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${first?.block.index ?? 0}`);
  if (input.range.playlistType) lines.push(`#EXT-X-PLAYLIST-TYPE:${input.range.playlistType}`);
  for (const segment of input.segments) {
    const { clip } = segment.block;
    const stream = streamOf(clip, input.streamId);
    if (segment === first || segment.inBlock === 0) {
      if (segment !== first) lines.push('#EXT-X-DISCONTINUITY');
      lines.push(`#EXT-X-MAP:URI="${input.baseUrl(clip)}${initSegmentName(input.streamId)}"`);
    }
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.startMs).toISOString()}`);
    const duration = stream?.segmentDurations[segment.clipSegment] ?? 3.2;
    lines.push(`#EXTINF:${duration.toFixed(6)},`);
    lines.push(`${input.baseUrl(clip)}${mediaSegmentName(input.streamId, segment.clipSegment)}`);
  }
  if (input.range.isClosed) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * The multivariant playlist of a channel: one variant per video rendition of the channel's
 * ladder (the slate's, which every clip of the pipeline shares) and the audio as a group.
 */
export function buildHlsMultivariantPlaylist(ladder: LiveClip): string {
  const audio = ladder.streams.find((s) => s.type === 'audio');
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  if (audio) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Français",LANGUAGE="fr",DEFAULT=YES,AUTOSELECT=YES,URI="media_${audio.id}.m3u8"`,
    );
  }
  for (const video of ladder.streams.filter((s) => s.type === 'video')) {
    const codecs = audio ? `${video.codecs},${audio.codecs}` : video.codecs;
    const bandwidth = video.bandwidth + (audio?.bandwidth ?? 0);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${video.width}x${video.height},CODECS="${codecs}"` +
        (audio ? ',AUDIO="audio"' : ''),
    );
    lines.push(`media_${video.id}.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}
