import { describe, expect, it } from 'vitest';
import { buildLiveIngestArgs } from './live-ingest-args';

describe('buildLiveIngestArgs (decision 041: a Stream channel fed by a local low-bitrate encoder)', () => {
  const args = buildLiveIngestArgs({ outDir: '/m/live/21', title: 'Playz Live', fontFile: '/f.ttf' });
  const after = (flag: string) => args[args.indexOf(flag) + 1];

  it('reads its sources in real time and writes CMAF with an MPD and HLS playlists', () => {
    expect(args.filter((a) => a === '-re')).toHaveLength(2);
    expect(after('-f')).toBe('lavfi');
    expect(args.slice(-1)).toEqual(['/m/live/21/live.mpd']);
    expect(after('-hls_playlist')).toBe('1');
    expect(after('-seg_duration')).toBe('3.2');
    expect(after('-window_size')).toBe('30');
  });

  it('one low-bitrate 360p rendition with a keyframe every segment', () => {
    expect(after('-i')).toBe('testsrc2=s=640x360:r=25');
    expect(after('-b:v')).toBe('500k');
    expect([after('-g'), after('-keyint_min'), after('-sc_threshold')]).toEqual(['80', '80', '0']);
  });

  it('names segments as the VOD ladder does, so one serving path reads both', () => {
    expect(after('-init_seg_name')).toBe('init-stream$RepresentationID$.m4s');
    expect(after('-media_seg_name')).toBe('chunk-stream$RepresentationID$-$Number%05d$.m4s');
  });
});
