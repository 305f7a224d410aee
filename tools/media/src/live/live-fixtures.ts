import type { LiveClip } from './live-clip';

/** A clip as the pipeline packages it: 270p video (id 0) and audio (id 1), `blocks` × 32 s. */
export function fixtureClip(key: string, blocks = 1): LiveClip {
  const count = blocks * 10;
  return {
    key,
    dir: `clips/${key}`,
    streams: [
      {
        id: 0,
        type: 'video',
        codecs: 'avc1.4d4015',
        bandwidth: 400000,
        width: 480,
        height: 270,
        segmentDurations: Array.from({ length: count }, () => 3.2),
      },
      {
        id: 1,
        type: 'audio',
        codecs: 'mp4a.40.2',
        bandwidth: 128000,
        width: 0,
        height: 0,
        // The encoder's priming frame is cut from the first audio segment (ladder-args.ts).
        segmentDurations: Array.from({ length: count }, (_, i) => (i % 10 === 0 ? 3.178667 : 3.2)),
      },
    ],
  };
}

export const baseUrl = (clip: LiveClip) => `/media/s/T/${clip.dir}/`;
