import { describe, expect, it } from 'vitest';
import { cutHlsMediaPlaylist, durationTemplatesToTimeline, isoDurationSeconds, limitMpdDuration } from './vod-manifests';

const template = (attributes: string) =>
  `<SegmentTemplate timescale="1000000" ${attributes} initialization="init-stream$RepresentationID$.m4s" media="chunk-stream$RepresentationID$-$Number%05d$.m4s" startNumber="1">`;
const mpd = (duration: string) =>
  [
    `<MPD type="static" mediaPresentationDuration="${duration}" maxSegmentDuration="PT3.2S">`,
    ' <Period id="0" start="PT0.0S">',
    `  ${template('duration="3200000"')}`,
    '  </SegmentTemplate>',
    ' </Period>',
    '</MPD>',
  ].join('\n');

describe('VOD MPD as served: SegmentTimeline instead of @duration (issue 8, decision 022)', () => {
  it('a whole number of segments: one S repeated, exact text', () => {
    expect(durationTemplatesToTimeline(mpd('PT32.0S'))).toBe(
      [
        '<MPD type="static" mediaPresentationDuration="PT32.0S" maxSegmentDuration="PT3.2S">',
        ' <Period id="0" start="PT0.0S">',
        `  ${template('').replace('  ', ' ')}<SegmentTimeline><S t="0" d="3200000" r="9"/></SegmentTimeline>`,
        '  </SegmentTemplate>',
        ' </Period>',
        '</MPD>',
      ].join('\n'),
    );
  });

  it('a shorter last segment gets its own S; a preview ends with its segments', () => {
    expect(durationTemplatesToTimeline(mpd('PT1M5.0S'))).toContain(
      '<SegmentTimeline><S t="0" d="3200000" r="19"/><S d="1000000"/></SegmentTimeline>',
    );
    expect(durationTemplatesToTimeline(limitMpdDuration(mpd('PT1H0M0.0S'), 9.6))).toContain(
      '<SegmentTimeline><S t="0" d="3200000" r="2"/></SegmentTimeline>',
    );
    expect(durationTemplatesToTimeline(mpd('PT2.0S'))).toContain(
      '<SegmentTimeline><S t="0" d="2000000"/></SegmentTimeline>',
    );
  });

  it('a self-closing template is closed after its timeline; a manifest without duration is left alone', () => {
    const selfClosing =
      '<MPD mediaPresentationDuration="PT6.4S"><SegmentTemplate timescale="1000" duration="3200"/></MPD>';
    expect(durationTemplatesToTimeline(selfClosing)).toBe(
      '<MPD mediaPresentationDuration="PT6.4S"><SegmentTemplate timescale="1000"><SegmentTimeline><S t="0" d="3200" r="1"/></SegmentTimeline></SegmentTemplate></MPD>',
    );
    const dynamic = '<MPD type="dynamic"><SegmentTemplate timescale="1000" duration="3200"/></MPD>';
    expect(durationTemplatesToTimeline(dynamic)).toBe(dynamic);
  });

  it('reads the durations ffmpeg writes', () => {
    expect(isoDurationSeconds('PT32.0S')).toBe(32);
    expect(isoDurationSeconds('PT1H2M3.5S')).toBe(3723.5);
    expect(isoDurationSeconds('PT')).toBeNull();
    expect(isoDurationSeconds('P1D')).toBeNull();
  });
});

/** A media playlist as ffmpeg writes it (4 segments of 3.2 s), its segments already under a grant. */
const mediaPlaylist = [
  '#EXTM3U',
  '#EXT-X-VERSION:6',
  '#EXT-X-TARGETDURATION:3',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-MEDIA-SEQUENCE:1',
  '#EXT-X-MAP:URI="/s/g/init-stream0.m4s"',
  ...[1, 2, 3, 4].flatMap((n) => ['#EXTINF:3.200000,', `/s/g/chunk-stream0-0000${n}.m4s`]),
  '#EXT-X-ENDLIST',
  '',
].join('\n');

describe('HLS media playlists cut to a range (issue 8 preview; decision 045 page openings)', () => {
  it('a preview: its first segments, then the end, exact text', () => {
    expect(cutHlsMediaPlaylist(mediaPlaylist, [1, 2])).toBe(
      [
        ...['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:3', '#EXT-X-PLAYLIST-TYPE:VOD'],
        ...['#EXT-X-MEDIA-SEQUENCE:1', '#EXT-X-MAP:URI="/s/g/init-stream0.m4s"'],
        ...['#EXTINF:3.200000,', '/s/g/chunk-stream0-00001.m4s', '#EXTINF:3.200000,', '/s/g/chunk-stream0-00002.m4s'],
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
  });

  it('a range inside the film starts its media sequence at its first segment, the init kept', () => {
    expect(cutHlsMediaPlaylist(mediaPlaylist, [3, 4])).toBe(
      [
        ...['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:3', '#EXT-X-PLAYLIST-TYPE:VOD'],
        ...['#EXT-X-MEDIA-SEQUENCE:3', '#EXT-X-MAP:URI="/s/g/init-stream0.m4s"'],
        ...['#EXTINF:3.200000,', '/s/g/chunk-stream0-00003.m4s', '#EXTINF:3.200000,', '/s/g/chunk-stream0-00004.m4s'],
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
  });

  it('a range past the film keeps what there is; one past its end lists no segment', () => {
    expect(cutHlsMediaPlaylist(mediaPlaylist, [4, 6]).match(/chunk-stream0-\d+/g)).toEqual(['chunk-stream0-00004']);
    expect(cutHlsMediaPlaylist(mediaPlaylist, [5, 7])).not.toContain('chunk');
  });
});
