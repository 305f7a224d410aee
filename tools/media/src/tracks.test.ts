import { describe, expect, it } from 'vitest';
import {
  addTracksToHlsMaster,
  addTracksToMpd,
  buildSubtitleArgs,
  buildSubtitlePlaylist,
  languageLabel,
  replaceHlsSubtitles,
  replaceMpdSubtitles,
  subtitleCharset,
} from './tracks';
import { demoSubtitlesSrt } from './demo-subtitles';
import { protectMpd } from './cenc/encrypt-clip';
import { parseLadderMpd } from './live/live-clip-reader';

const AUDIO = [
  { id: 2, language: 'fr', label: 'Français' },
  { id: 3, language: 'en', label: 'English' },
];
const SUBTITLES = [
  { id: 4, language: 'fr', label: 'Français', path: 'clips/x/subtitles-stream4.vtt' },
  { id: 5, language: 'en', label: 'English', path: 'clips/x/subtitles-stream5.vtt' },
];

/** The multivariant playlist as ffmpeg 5.1's dash muxer writes it for two renditions and two audio sets (measured). */
const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_2",DEFAULT=YES,URI="media_2.m3u8"',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_3",DEFAULT=NO,URI="media_3.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=573600,RESOLUTION=480x270,CODECS="avc1.4d4015,mp4a.40.2",AUDIO="group_A1"',
  'media_0.m3u8',
  '',
  '#EXT-X-STREAM-INF:BANDWIDTH=1118600,RESOLUTION=854x480,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="group_A1"',
  'media_1.m3u8',
  '',
].join('\n');

describe('audio languages and subtitles in the HLS multivariant playlist (decision 068)', () => {
  it('names each audio rendition in its language, the first the default, and adds a subtitle group every variant names', () => {
    expect(addTracksToHlsMaster(MASTER, AUDIO, SUBTITLES).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="Français",LANGUAGE="fr",DEFAULT=YES,AUTOSELECT=YES,URI="media_2.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="media_3.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="media_4.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="media_5.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=573600,RESOLUTION=480x270,CODECS="avc1.4d4015,mp4a.40.2",AUDIO="group_A1",SUBTITLES="subs"',
      'media_0.m3u8',
      '',
      '#EXT-X-STREAM-INF:BANDWIDTH=1118600,RESOLUTION=854x480,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="group_A1",SUBTITLES="subs"',
      'media_1.m3u8',
      '',
    ]);
  });

  it('leaves a playlist without subtitles without a SUBTITLES attribute, and a quote in a name out', () => {
    const text = addTracksToHlsMaster(MASTER, [{ id: 2, language: 'fr', label: 'Fr"ançais' }], []);
    expect(text).not.toContain('SUBTITLES');
    expect(text).toContain('NAME="Français",LANGUAGE="fr",DEFAULT=YES');
    // A rendition it was not told about is kept as the muxer wrote it.
    expect(text).toContain('NAME="audio_3",DEFAULT=NO');
  });

  it('writes a subtitle media playlist holding its whole WebVTT file as one segment', () => {
    expect(buildSubtitlePlaylist('subtitles-stream4.vtt', 32)).toBe(
      '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:32\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n' +
        '#EXTINF:32.000,\nsubtitles-stream4.vtt\n#EXT-X-ENDLIST\n',
    );
  });
});

/** The MPD as ffmpeg 5.1's dash muxer writes it (trimmed to the tags this reads). */
const MPD = [
  '<?xml version="1.0" encoding="utf-8"?>',
  '<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT6.4S">',
  '\t<Period id="0" start="PT0.0S">',
  '\t\t<AdaptationSet id="0" contentType="video" startWithSAP="1" segmentAlignment="true" bitstreamSwitching="true" frameRate="25/1" maxWidth="854" maxHeight="480" par="427:240">',
  '\t\t\t<Representation id="0" mimeType="video/mp4" codecs="avc1.4d4015" bandwidth="300000" width="480" height="270" sar="1:1">',
  '\t\t\t</Representation>',
  '\t\t</AdaptationSet>',
  '\t\t<AdaptationSet id="1" contentType="audio" startWithSAP="1" segmentAlignment="true" bitstreamSwitching="true" lang="fr">',
  '\t\t\t<Representation id="2" mimeType="audio/mp4" codecs="mp4a.40.2" bandwidth="128000" audioSamplingRate="48000">',
  '\t\t\t</Representation>',
  '\t\t</AdaptationSet>',
  '\t\t<AdaptationSet id="2" contentType="audio" startWithSAP="1" segmentAlignment="true" bitstreamSwitching="true">',
  '\t\t\t<Representation id="3" mimeType="audio/mp4" codecs="mp4a.40.2" bandwidth="128000" audioSamplingRate="48000">',
  '\t\t\t</Representation>',
  '\t\t</AdaptationSet>',
  '\t</Period>',
  '</MPD>',
  '',
].join('\n');

describe('audio languages and subtitles in the MPD (decision 068)', () => {
  it('tags each audio adaptation set with its lang and Label, the first with Role main, and adds a text set per subtitle', () => {
    const text = addTracksToMpd(MPD, AUDIO, SUBTITLES);
    expect(text).toContain(
      'bitstreamSwitching="true" lang="fr">\n\t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="main"/>\n\t\t\t<Label>Français</Label>\n',
    );
    expect(text).toContain('bitstreamSwitching="true" lang="en">\n\t\t\t<Label>English</Label>\n');
    expect(text.match(/value="main"/g)).toHaveLength(1);
    expect(text).toContain(
      [
        '\t\t</AdaptationSet>',
        '\t\t<AdaptationSet id="3" contentType="text" mimeType="text/vtt" lang="fr">',
        '\t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>',
        '\t\t\t<Label>Français</Label>',
        '\t\t\t<Representation id="4" mimeType="text/vtt" bandwidth="256">',
        '\t\t\t\t<BaseURL>subtitles-stream4.vtt</BaseURL>',
        '\t\t\t</Representation>',
        '\t\t</AdaptationSet>',
        '\t\t<AdaptationSet id="4" contentType="text" mimeType="text/vtt" lang="en">',
      ].join('\n'),
    );
    expect(text).toMatch(/<\/AdaptationSet>\n\t<\/Period>\n<\/MPD>\n$/);
  });

  it('escapes a label for XML', () => {
    expect(addTracksToMpd(MPD, [{ id: 2, language: 'fr', label: 'VF <& "doublée">' }], [])).toContain(
      '<Label>VF &lt;&amp; &quot;doublée&quot;&gt;</Label>',
    );
  });
});

describe('subtitle files and language names (decision 068)', () => {
  it('names a language in itself, capitalised', () => {
    expect(['fr', 'en', 'nl', 'es'].map(languageLabel)).toEqual(['Français', 'English', 'Nederlands', 'Español']);
  });

  it('converts with ffmpeg to WebVTT, telling it the encoding of a file that is not UTF-8', () => {
    expect(buildSubtitleArgs({ input: 'in.srt', out: 'out.vtt', charset: 'CP1252' })).toEqual([
      '-y',
      '-sub_charenc',
      'CP1252',
      '-i',
      'in.srt',
      '-map',
      '0:s:0',
      '-c:s',
      'webvtt',
      '-f',
      'webvtt',
      'out.vtt',
    ]);
    expect(subtitleCharset(Buffer.from('Légende', 'utf8'))).toBe('UTF-8');
    expect(subtitleCharset(Buffer.from('Légende', 'latin1'))).toBe('CP1252');
  });
});

describe('demo subtitles (decision 068)', () => {
  it('writes SubRip cues every 4 s naming their language and second, the last cut at the end', () => {
    expect(demoSubtitlesSrt('en', 'Ville', 6.4)).toBe(
      '1\n00:00:00,000 --> 00:00:03,000\n[EN 0s] Ville — Welcome to Playz.\n\n' +
        '2\n00:00:04,000 --> 00:00:06,400\n[EN 4s] These subtitles are in English.\n',
    );
    expect(() => demoSubtitlesSrt('de', 'Ville', 6.4)).toThrow(/no demo subtitles in de/);
  });
});

describe('readers of a ladder with subtitles (decision 068)', () => {
  const withTracks = addTracksToMpd(MPD, AUDIO, SUBTITLES);

  it('the live assembler reads the video and audio representations only', () => {
    expect(parseLadderMpd(withTracks).map((s) => `${s.id} ${s.type}`)).toEqual(['0 video', '2 audio', '3 audio']);
  });

  it('the encrypted copy protects video and audio, and leaves the subtitles in the clear', () => {
    const protectedMpd = protectMpd(withTracks, Buffer.alloc(16, 1));
    const sets = protectedMpd.split('<AdaptationSet ').slice(1);
    expect(sets.map((set) => [/contentType="(\w+)"/.exec(set)![1], set.includes('<ContentProtection')])).toEqual([
      ['video', true],
      ['audio', true],
      ['audio', true],
      ['text', false],
      ['text', false],
    ]);
  });
});

describe("subtitles replaced in a packaged clip's manifests (decision 114: added or removed from the console)", () => {
  it('decision 114 HLS: the subtitle renditions are the given ones, audio names kept, every variant names the group once', () => {
    const packaged = addTracksToHlsMaster(MASTER, AUDIO, SUBTITLES);
    const one = replaceHlsSubtitles(packaged, [SUBTITLES[1]!]);
    expect(one).not.toContain('URI="media_4.m3u8"');
    expect(one).toContain('TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en"');
    expect(one).toContain('NAME="Français",LANGUAGE="fr",DEFAULT=YES');
    expect(one.match(/SUBTITLES="subs"/g)).toHaveLength(2);
    // None left: no group named by any variant.
    const none = replaceHlsSubtitles(packaged, []);
    expect(none).not.toContain('SUBTITLES');
    expect(replaceHlsSubtitles(none, SUBTITLES)).toBe(packaged);
  });

  it('decision 114 DASH: the text adaptation sets are the given ones, audio sets kept as they were', () => {
    const packaged = addTracksToMpd(MPD, AUDIO, SUBTITLES);
    const none = replaceMpdSubtitles(packaged, []);
    expect(none).not.toContain('contentType="text"');
    expect(none).toBe(addTracksToMpd(MPD, AUDIO, []));
    const one = replaceMpdSubtitles(packaged, [SUBTITLES[1]!]);
    expect(one.match(/contentType="text"/g)).toHaveLength(1);
    expect(one).toContain('<BaseURL>subtitles-stream5.vtt</BaseURL>');
    expect(one.match(/<Role schemeIdUri="urn:mpeg:dash:role:2011" value="main"\/>/g)).toHaveLength(1);
  });
});
