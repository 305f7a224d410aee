import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildHlsMediaPlaylist, buildHlsMultivariantPlaylist } from './hls-live-playlist';
import { baseUrl, fixtureClip } from './live-fixtures';
import { segmentsBetween, type LiveProgramme } from './live-timeline';
import { windowRange, type LiveWindow } from './live-window';

const slate = fixtureClip('slate');
const EIGHT_PM = Date.UTC(2026, 10, 24, 20);
const MIN = 60_000;
const guide: LiveProgramme[] = [
  { id: 7, startMs: EIGHT_PM - 30 * MIN, endMs: EIGHT_PM, playMs: 30 * MIN, clip: fixtureClip('news') },
  { id: 8, startMs: EIGHT_PM, endMs: EIGHT_PM + 30 * MIN, playMs: 30 * MIN, clip: fixtureClip('film', 2) },
];

function playlist(window: LiveWindow, streamId = 0): string {
  const range = windowRange(window);
  const segments = segmentsBetween(guide, slate, range.fromMs, range.toMs);
  return buildHlsMediaPlaylist({ segments, streamId, range, baseUrl });
}

describe('HLS live media playlist (decision 022: sliding window, sequences, discontinuities, PDT)', () => {
  it('across a programme boundary: exact text', () => {
    // 20:00:04: the 20:00 programme's first segment has finished; 13.6 s back reach 19:59:50.4.
    expect(playlist({ kind: 'live', nowMs: EIGHT_PM + 4000, depthMs: 13_600 })).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:3',
        '#EXT-X-MEDIA-SEQUENCE:561109497',
        '#EXT-X-DISCONTINUITY-SEQUENCE:56110949',
        '#EXT-X-MAP:URI="/media/s/T/clips/news/init-stream0.m4s"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T19:59:50.400Z',
        '#EXTINF:3.200000,',
        '/media/s/T/clips/news/chunk-stream0-00008.m4s',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T19:59:53.600Z',
        '#EXTINF:3.200000,',
        '/media/s/T/clips/news/chunk-stream0-00009.m4s',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T19:59:56.800Z',
        '#EXTINF:3.200000,',
        '/media/s/T/clips/news/chunk-stream0-00010.m4s',
        '#EXT-X-DISCONTINUITY',
        '#EXT-X-MAP:URI="/media/s/T/clips/film/init-stream0.m4s"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-24T20:00:00.000Z',
        '#EXTINF:3.200000,',
        '/media/s/T/clips/film/chunk-stream0-00001.m4s',
        '',
      ].join('\n'),
    );
  });

  it('the audio playlist carries each segment’s own duration', () => {
    const text = playlist({ kind: 'live', nowMs: EIGHT_PM + 4000, depthMs: 4000 }, 1);
    expect(text).toContain('#EXTINF:3.178667,\n/media/s/T/clips/film/chunk-stream1-00001.m4s');
  });

  it('a replay is a closed VOD playlist of the whole programme', () => {
    const text = playlist({ kind: 'replay', programmeStartMs: EIGHT_PM, programmeEndMs: EIGHT_PM + 30 * MIN });
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text.endsWith('#EXT-X-ENDLIST\n')).toBe(true);
    // 30 minutes end 8 s into a block, which still belongs to the programme: 57 blocks.
    expect(text.match(/#EXTINF/g)).toHaveLength(570);
    expect(text.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(56);
  });

  it('a start-over begins at the programme and grows as an EVENT playlist', () => {
    const text = playlist({ kind: 'startover', programmeStartMs: EIGHT_PM, nowMs: EIGHT_PM + 5 * MIN });
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-24T20:00:00.000Z\n#EXTINF');
    expect(text).not.toContain('ENDLIST');
  });

  it('the multivariant playlist lists every video rendition with the audio group', () => {
    expect(buildHlsMultivariantPlaylist(slate)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Français",LANGUAGE="fr",DEFAULT=YES,AUTOSELECT=YES,URI="media_1.m3u8"',
        '#EXT-X-STREAM-INF:BANDWIDTH=528000,RESOLUTION=480x270,CODECS="avc1.4d4015,mp4a.40.2",AUDIO="audio"',
        'media_0.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('any two reloads agree: a segment keeps its sequence and discontinuity numbers (RFC 8216 §6.2.2)', () => {
    const parse = (text: string) => {
      const lines = text.split('\n');
      const sequence = Number(/MEDIA-SEQUENCE:(\d+)/.exec(text)![1]);
      let discontinuity = Number(/DISCONTINUITY-SEQUENCE:(\d+)/.exec(text)![1]);
      const found = new Map<string, [number, number]>();
      let n = sequence;
      for (const line of lines) {
        if (line === '#EXT-X-DISCONTINUITY') discontinuity++;
        if (line.startsWith('/media/')) found.set(`${n}`, [n++, discontinuity]);
      }
      return { found, sequence, count: found.size };
    };
    fc.assert(
      fc.property(
        fc.integer({ min: EIGHT_PM - 40 * MIN, max: EIGHT_PM + 40 * MIN }),
        fc.integer({ min: 0, max: 60_000 }),
        (at, later) => {
          const a = parse(playlist({ kind: 'live', nowMs: at, depthMs: 120_000 }));
          const b = parse(playlist({ kind: 'live', nowMs: at + later, depthMs: 120_000 }));
          expect(b.sequence).toBeGreaterThanOrEqual(a.sequence);
          expect(a.count).toBeGreaterThanOrEqual(36);
          for (const [key, numbers] of a.found) if (b.found.has(key)) expect(b.found.get(key)).toEqual(numbers);
        },
      ),
      { numRuns: 200 },
    );
  });
});
