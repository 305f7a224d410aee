import { describe, expect, it } from 'vitest';
import {
  AUDIO_INPUT_FORMATS,
  addHlsAudio,
  addMpdAudio,
  audioFileNameFor,
  audioPlaylistFor,
  audioRepresentationFor,
  buildAudioTrackArgs,
} from './audio-track';
import { replaceHlsSubtitles, replaceMpdSubtitles } from './tracks';

/** A ladder's multivariant playlist after decision 068 (one language), as the media job writes it. */
const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="Français",LANGUAGE="fr",DEFAULT=YES,AUTOSELECT=YES,URI="media_3.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=531232,RESOLUTION=480x270,CODECS="avc1.4d4015,mp4a.40.2",AUDIO="group_A1"',
  'media_0.m3u8',
  '',
].join('\n');

const REPRESENTATION = (id: number) =>
  `\t\t\t<Representation id="${id}" mimeType="audio/mp4" codecs="mp4a.40.2" bandwidth="128000" audioSamplingRate="48000">\n` +
  `\t\t\t\t<SegmentTemplate timescale="1000000" duration="3200000" initialization="init-stream$RepresentationID$.m4s" media="chunk-stream$RepresentationID$-$Number%05d$.m4s" startNumber="1">\n` +
  `\t\t\t\t</SegmentTemplate>\n\t\t\t</Representation>`;

const MPD = [
  '<MPD>',
  '\t<Period id="0" start="PT0.0S">',
  '\t\t<AdaptationSet id="0" contentType="video">',
  '\t\t\t<Representation id="0" mimeType="video/mp4"/>',
  '\t\t</AdaptationSet>',
  '\t\t<AdaptationSet id="1" contentType="audio" lang="fr">',
  '\t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="main"/>',
  '\t\t\t<Label>Français</Label>',
  REPRESENTATION(3),
  '\t\t</AdaptationSet>',
  '\t</Period>',
  '</MPD>',
  '',
].join('\n');

describe('decision 114 a second audio language added to a packaged ladder (spec 2 §3 audio languages)', () => {
  it('encodes the sound alone as the ladder does: AAC 48 kHz stereo, 3.2 s segments, one frame short of the film', () => {
    const args = buildAudioTrackArgs({ input: '/in/voix.wav', outDir: '/out', durationSec: 2, language: 'en' });
    expect(args.join(' ')).toContain('[0:a:0]aresample=48000,apad,atrim=end_sample=94976[a]');
    expect(args.join(' ')).toContain('-c:a aac -b:a 128k -ac 2');
    expect(args.join(' ')).toContain('-seg_duration 3.2');
    expect(args.join(' ')).toContain('-metadata:s:a:0 language=en');
    expect(args.at(-1)).toBe('/out/manifest.mpd');
    // Opened only as an audio or video container from a local file: never as a playlist naming other files.
    expect(args.slice(0, 6)).toEqual([
      '-y',
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      AUDIO_INPUT_FORMATS,
      '-i',
    ]);
    expect(AUDIO_INPUT_FORMATS.split(',')).not.toContain('hls');
  });

  it('renames representation 0 to the id it takes in the ladder', () => {
    expect(audioFileNameFor('init-stream0.m4s', 5)).toBe('init-stream5.m4s');
    expect(audioFileNameFor('chunk-stream0-00012.m4s', 5)).toBe('chunk-stream5-00012.m4s');
    expect(audioFileNameFor('media_0.m3u8', 5)).toBe('media_5.m3u8');
    expect(audioFileNameFor('master.m3u8', 5)).toBeNull();
    const muxed = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:3',
      '#EXT-X-MEDIA-SEQUENCE:1',
      '#EXT-X-MAP:URI="init-stream0.m4s"',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-29T21:45:28.000+0000',
      '#EXTINF:3.178667,',
      'chunk-stream0-00001.m4s',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
    const playlist = audioPlaylistFor(muxed, 5);
    expect(playlist).toContain('#EXT-X-MAP:URI="init-stream5.m4s"\n#EXTINF:3.178667,\nchunk-stream5-00001.m4s\n');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).not.toContain('PROGRAM-DATE-TIME');
    expect(audioRepresentationFor(`<MPD><AdaptationSet>\n${REPRESENTATION(0)}\n</AdaptationSet></MPD>`, 5)).toBe(
      REPRESENTATION(5),
    );
  });

  it('HLS: a rendition in the ladder’s audio group after the first language, not the default; subtitles added after keep it', () => {
    const master = addHlsAudio(MASTER, [{ id: 5, language: 'en', label: 'English (VO)' }]);
    const lines = master.split('\n');
    expect(lines[3]).toBe(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="English (VO)",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="media_5.m3u8"',
    );
    expect(lines[2]).toContain('DEFAULT=YES');
    const withSubtitles = replaceHlsSubtitles(master, [{ id: 6, language: 'fr', label: 'Français', path: 'x' }]);
    expect(withSubtitles).toContain(lines[3]);
    expect(withSubtitles).toMatch(/TYPE=SUBTITLES[^\n]*URI="media_6.m3u8"/);
  });

  it('DASH: its own adaptation set after the ladder’s audio, lang and Label, no second main Role; subtitles after', () => {
    const mpd = addMpdAudio(MPD, [
      { track: { id: 5, language: 'en', label: 'English' }, representation: REPRESENTATION(5) },
    ]);
    expect(mpd).toContain(
      '\t\t<AdaptationSet id="2" contentType="audio" startWithSAP="1" segmentAlignment="true" bitstreamSwitching="true" lang="en">\n\t\t\t<Label>English</Label>\n\t\t\t<Representation id="5"',
    );
    expect(mpd.match(/value="main"/g)).toHaveLength(1);
    expect(mpd.indexOf('lang="en"')).toBeGreaterThan(mpd.indexOf('lang="fr"'));
    const withSubtitles = replaceMpdSubtitles(mpd, [{ id: 6, language: 'fr', label: 'Français', path: 'x' }]);
    expect(withSubtitles).toContain('<AdaptationSet id="3" contentType="text"');
    expect(withSubtitles.match(/contentType="audio"/g)).toHaveLength(2);
    expect(() =>
      addMpdAudio('<MPD></MPD>', [{ track: { id: 5, language: 'en', label: 'E' }, representation: '' }]),
    ).toThrow();
  });
});
