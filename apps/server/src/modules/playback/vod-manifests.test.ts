import { describe, expect, it } from 'vitest';
import { durationTemplatesToTimeline, isoDurationSeconds, limitMpdDuration } from './vod-manifests';

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

describe('VOD MPD as served: SegmentTimeline instead of @duration (decision 022)', () => {
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
