/**
 * What the live assembler needs to know about a packaged clip (a CMAF ladder of the media
 * pipeline): its folder and, per stream, the codecs and the exact duration of every segment.
 * Read once from the clip's HLS playlists (live-clip-reader.ts); pure data from then on.
 */
export interface LiveStream {
  /** Representation id of the dash muxer: 0..n-1 video renditions, then the audio. */
  id: number;
  type: 'video' | 'audio';
  codecs: string;
  /** Bits per second, as the master playlist declares it. */
  bandwidth: number;
  width: number;
  height: number;
  /** Seconds, in order (segment i is chunk-stream<id>-<i+1>.m4s). */
  segmentDurations: number[];
}

export interface LiveClip {
  key: string;
  /** Folder under the media root, e.g. `clips/aurora`. */
  dir: string;
  streams: LiveStream[];
}

/** Init segment and media segment names written by the ladder (ladder-args.ts templates). */
export const initSegmentName = (streamId: number) => `init-stream${streamId}.m4s`;
export const mediaSegmentName = (streamId: number, index: number) =>
  `chunk-stream${streamId}-${String(index + 1).padStart(5, '0')}.m4s`;
