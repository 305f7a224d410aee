import { describe, expect, it } from 'vitest';
import { buildDashMpd, dynamicBlockRange, LIVE_EPOCH_MS } from './dash-live-mpd';
import { baseUrl, fixtureClip } from './live-fixtures';
import { blockAt, BLOCK_MS, type LiveProgramme } from './live-timeline';
import { windowRange } from './live-window';

const slate = fixtureClip('slate');
const EIGHT_PM = Date.UTC(2026, 10, 24, 20);
const MIN = 60_000;
const guide: LiveProgramme[] = [
  { id: 7, startMs: EIGHT_PM - 30 * MIN, endMs: EIGHT_PM, playMs: 30 * MIN, clip: fixtureClip('news') },
  { id: 8, startMs: EIGHT_PM, endMs: EIGHT_PM + 30 * MIN, playMs: 30 * MIN, clip: fixtureClip('film', 2) },
];
const blocks = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => blockAt(guide, first + i, slate));

/** The live MPD of the guide above at `now`, with a 20 s window, as the live route builds it. */
function mpdAt(now: number) {
  const range = dynamicBlockRange(now - 20_000, now);
  return buildDashMpd({
    blocks: blocks(range.first, range.last),
    baseUrl,
    nowMs: now,
    type: 'dynamic',
    timeShiftBufferDepthMs: 20_000,
    endMs: windowRange({ kind: 'live', nowMs: now, depthMs: 20_000 }).toMs,
  });
}

describe('DASH live MPD (decision 022: dynamic, periods per programme block, availabilityStartTime, timeShiftBufferDepth)', () => {
  it('a dynamic MPD across a programme boundary: exact text', () => {
    expect(LIVE_EPOCH_MS % BLOCK_MS).toBe(0);
    const now = EIGHT_PM + 4000;
    const range = dynamicBlockRange(now - 20_000, now);
    const text = mpdAt(now);
    // Only finished segments are listed: the running block has one at 20:00:04 (3.2 s out).
    const period = (id: number, start: string, clip: string, first: number, count: number) => [
      ` <Period id="${id}" start="${start}" duration="PT32S">`,
      '   <AdaptationSet id="0" contentType="video" mimeType="video/mp4" segmentAlignment="true" startWithSAP="1">',
      `    <SegmentTemplate timescale="1000" startNumber="${first + 1}" presentationTimeOffset="${first * 3200}" initialization="/media/s/T/clips/${clip}/init-stream$RepresentationID$.m4s" media="/media/s/T/clips/${clip}/chunk-stream$RepresentationID$-$Number%05d$.m4s"><SegmentTimeline><S t="${first * 3200}" d="3200"${count > 1 ? ` r="${count - 1}"` : ''}/></SegmentTimeline></SegmentTemplate>`,
      '    <Representation id="0" codecs="avc1.4d4015" bandwidth="400000" width="480" height="270" frameRate="25" sar="1:1"/>',
      '   </AdaptationSet>',
      '   <AdaptationSet id="1" contentType="audio" mimeType="audio/mp4" lang="fr" segmentAlignment="true" startWithSAP="1">',
      `    <SegmentTemplate timescale="1000" startNumber="${first + 1}" presentationTimeOffset="${first * 3200}" initialization="/media/s/T/clips/${clip}/init-stream$RepresentationID$.m4s" media="/media/s/T/clips/${clip}/chunk-stream$RepresentationID$-$Number%05d$.m4s"><SegmentTimeline><S t="${first * 3200}" d="3200"${count > 1 ? ` r="${count - 1}"` : ''}/></SegmentTimeline></SegmentTemplate>`,
      '    <Representation id="1" codecs="mp4a.40.2" bandwidth="128000" audioSamplingRate="48000"><AudioChannelConfiguration schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="2"/></Representation>',
      '   </AdaptationSet>',
      ' </Period>',
    ];
    const secondsSinceEpoch = (EIGHT_PM - LIVE_EPOCH_MS) / 1000;
    expect(text).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" minBufferTime="PT3.2S" maxSegmentDuration="PT3.2S" type="dynamic" availabilityStartTime="2020-01-01T00:00:00.000Z" publishTime="2026-11-24T20:00:04.000Z" minimumUpdatePeriod="PT3.2S" timeShiftBufferDepth="PT20S" suggestedPresentationDelay="PT9.6S">',
        ...period(range.first, `PT${secondsSinceEpoch - 32}S`, 'news', 0, 10),
        ...period(range.first + 1, `PT${secondsSinceEpoch}S`, 'film', 0, 1),
        ' <UTCTiming schemeIdUri="urn:mpeg:dash:utc:direct:2014" value="2026-11-24T20:00:04.000Z"/>',
        '</MPD>',
        '',
      ].join('\n'),
    );
  });

  it('a dynamic MPD lists finished segments only: a block with none yet waits for a reload', () => {
    const block = Math.floor(EIGHT_PM / BLOCK_MS);
    expect(mpdAt(EIGHT_PM + 3199)).not.toContain(`<Period id="${block}"`);
    expect(mpdAt(EIGHT_PM + 3200)).toContain(`<S t="0" d="3200"/>`);
    expect(mpdAt(EIGHT_PM + 31_999)).toContain(`<S t="0" d="3200" r="8"/>`);
    expect(mpdAt(EIGHT_PM + 32_000)).toContain(`<S t="0" d="3200" r="9"/>`);
  });

  it('a programme with two audio languages plays its first only (decision 068), as the HLS playlists do', () => {
    const dubbed = fixtureClip('film', 2);
    const english = { ...dubbed.streams[1]!, id: 2 };
    const block = blockAt(guide, Math.floor(EIGHT_PM / BLOCK_MS), slate);
    const text = buildDashMpd({
      blocks: [{ ...block, clip: { ...dubbed, streams: [...dubbed.streams, english] } }],
      baseUrl,
      nowMs: EIGHT_PM + 9600,
      type: 'dynamic',
    });
    expect(text.match(/contentType="audio"/g)).toHaveLength(1);
    expect(text).toContain('<Representation id="1" codecs="mp4a.40.2"');
    expect(text).not.toContain('<Representation id="2"');
  });

  it('a static MPD (replay) starts its periods at 0 and lasts the programme', () => {
    const first = Math.ceil(EIGHT_PM / BLOCK_MS);
    const text = buildDashMpd({ blocks: blocks(first, first + 56), baseUrl, nowMs: 0, type: 'static' });
    expect(text).toContain('type="static" mediaPresentationDuration="PT1824S"');
    expect(text).toContain('<Period id="' + first + '" start="PT0S" duration="PT32S">');
    expect(text).toContain('<Period id="' + (first + 56) + '" start="PT1792S" duration="PT32S">');
    expect(text).not.toContain('UTCTiming');
  });

  it('a preview ends inside its block: the last period is cut and nothing lies past it', () => {
    const first = Math.ceil(EIGHT_PM / BLOCK_MS);
    const text = buildDashMpd({
      blocks: blocks(first, first),
      baseUrl,
      nowMs: 0,
      type: 'static',
      endMs: EIGHT_PM + 9600,
    });
    expect(text).toContain('mediaPresentationDuration="PT9.6S"');
    expect(text).toContain('start="PT0S" duration="PT9.6S"');
  });
});
