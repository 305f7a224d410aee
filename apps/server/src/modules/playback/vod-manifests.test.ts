import { describe, expect, it } from 'vitest';
import {
  dashFirstSegmentFiles,
  dashFirstTracks,
  durationTemplatesToTimeline,
  isoDurationSeconds,
  limitMpdDuration,
} from './vod-manifests';

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

/** The pipeline's MPD shape (ffmpeg's dash muxer): a video ladder, two audio languages, subtitles. */
const LADDER_MPD = (audioSets: string) =>
  [
    '<MPD type="static" mediaPresentationDuration="PT32.0S">',
    ' <Period id="0" start="PT0.0S">',
    '  <AdaptationSet id="0" contentType="video" maxWidth="1280">',
    `   <Representation id="1" mimeType="video/mp4" bandwidth="900000" width="854">${template('duration="3200000"')}</SegmentTemplate></Representation>`,
    `   <Representation id="0" mimeType="video/mp4" bandwidth="400000" width="480">${template('duration="3200000"')}</SegmentTemplate></Representation>`,
    '  </AdaptationSet>',
    audioSets,
    '  <AdaptationSet id="3" contentType="text" mimeType="text/vtt" lang="fr">',
    '   <Representation id="5" mimeType="text/vtt" bandwidth="256"><BaseURL>subtitles-stream5.vtt</BaseURL></Representation>',
    '  </AdaptationSet>',
    ' </Period>',
    '</MPD>',
  ].join('\n');
const audioSet = (id: number, lang: string, main: boolean) =>
  [
    `  <AdaptationSet id="${id}" contentType="audio" lang="${lang}">`,
    main ? '   <Role schemeIdUri="urn:mpeg:dash:role:2011" value="main"/>' : '',
    `   <Representation id="${id + 2}" mimeType="audio/mp4" bandwidth="128000">${template('duration="3200000"')}</SegmentTemplate></Representation>`,
    '  </AdaptationSet>',
  ].join('\n');

describe('an opening’s first segments, named for the page’s preloads (decision 127)', () => {
  it('spec 2 §4: the video’s lowest rendition and the main audio, init and the asked segment', () => {
    const text = LADDER_MPD(audioSet(2, 'en', false) + '\n' + audioSet(1, 'fr', true));
    expect(dashFirstSegmentFiles(text, 1)).toEqual([
      'init-stream0.m4s',
      'chunk-stream0-00001.m4s',
      'init-stream3.m4s',
      'chunk-stream3-00001.m4s',
    ]);
    expect(dashFirstSegmentFiles(text, 12)).toContain('chunk-stream0-00012.m4s');
  });

  it('spec 2 §4: no role main, the first audio; no audio, the video alone', () => {
    expect(dashFirstSegmentFiles(LADDER_MPD(audioSet(1, 'fr', false) + audioSet(2, 'en', false)), 1)).toEqual([
      'init-stream0.m4s',
      'chunk-stream0-00001.m4s',
      'init-stream3.m4s',
      'chunk-stream3-00001.m4s',
    ]);
    expect(dashFirstSegmentFiles(LADDER_MPD(''), 1)).toEqual(['init-stream0.m4s', 'chunk-stream0-00001.m4s']);
  });

  it('spec 2 §4: each track with the type MSE takes, from its rendition or its set (decision 137)', () => {
    const text = LADDER_MPD(audioSet(1, 'fr', true))
      .replace('id="0" mimeType="video/mp4"', 'id="0" mimeType="video/mp4" codecs="avc1.4d4015"')
      .replace('contentType="audio" lang="fr"', 'contentType="audio" lang="fr" codecs="mp4a.40.2"');
    expect(dashFirstTracks(text, 1)).toEqual([
      {
        kind: 'video',
        mime: 'video/mp4; codecs="avc1.4d4015"',
        init: 'init-stream0.m4s',
        media: 'chunk-stream0-00001.m4s',
      },
      {
        kind: 'audio',
        mime: 'audio/mp4; codecs="mp4a.40.2"',
        init: 'init-stream3.m4s',
        media: 'chunk-stream3-00001.m4s',
      },
    ]);
    // No codecs, or codecs no type can carry: the files still, no type.
    expect(dashFirstTracks(LADDER_MPD(''), 1)[0]!.mime).toBeNull();
    const odd = LADDER_MPD('').replace(
      'id="0" mimeType="video/mp4"',
      'id="0" mimeType="video/mp4" codecs="avc1&quot;x"',
    );
    expect(dashFirstTracks(odd, 1)[0]).toMatchObject({ mime: null, init: 'init-stream0.m4s' });
  });

  it('spec 2 §4: an MPD this reading cannot name (no template, $Time$) gives nothing to preload', () => {
    expect(
      dashFirstSegmentFiles('<MPD mediaPresentationDuration="PT32.0S">\n\t<Period id="0"></Period>\n</MPD>\n', 1),
    ).toEqual([]);
    const byTime = LADDER_MPD(audioSet(1, 'fr', true)).replaceAll('$Number%05d$', '$Time$');
    expect(dashFirstSegmentFiles(byTime, 1)).toEqual([]);
  });
});
