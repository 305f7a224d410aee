import { describe, expect, it } from 'vitest';
import type { AdaptiveStream } from '@playz/api-contract';
import { contentUrlsOf, keepHlsVariant } from './hls-variants';

const master = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_3",DEFAULT=YES,URI="media_3.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=531232,RESOLUTION=480x270,CODECS="avc1.4d4015,mp4a.40.2",AUDIO="group_A1"
media_0.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=1031232,RESOLUTION=854x480,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="group_A1"
media_1.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=1929960,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2",AUDIO="group_A1"
media_2.m3u8
`;

describe('keepHlsVariant (spec 2 §3 Content URLs: one height with its sound)', () => {
  it('keeps the header, the audio rendition and the one variant of that height', () => {
    expect(keepHlsVariant(master, 480)).toBe(`#EXTM3U
#EXT-X-VERSION:7
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_3",DEFAULT=YES,URI="media_3.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=1031232,RESOLUTION=854x480,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="group_A1"
media_1.m3u8
`);
  });

  it('is null for a height the ladder does not have', () => {
    expect(keepHlsVariant(master, 1080)).toBeNull();
  });
});

describe('contentUrlsOf', () => {
  const stream = (over: Partial<AdaptiveStream>): AdaptiveStream => ({
    ...{ url: '/media/s/T/clips/a/master.m3u8', type: 'hls', usage: 'View', thumbnails: [] },
    ...{ signingCookies: null, contentProtection: null, expiresAt: '2026-01-01T00:00:00.000Z' },
    tracks: [
      { height: 270, width: 480, bitrate: 1 },
      { height: 720, width: 1280, bitrate: 3 },
    ],
    ...over,
  });

  it('gives the adaptive URL as height 0, then each height tallest first', () => {
    expect(contentUrlsOf(stream({}))).toEqual([
      { url: '/media/s/T/clips/a/master.m3u8', height: 0 },
      { url: '/media/s/T/clips/a/master-720p.m3u8', height: 720 },
      { url: '/media/s/T/clips/a/master-270p.m3u8', height: 270 },
    ]);
  });

  it('gives a teaser or a stream that is not a multivariant playlist as its one URL', () => {
    expect(contentUrlsOf(stream({ url: '/media/clips/a/preview.mp4', type: 'video', tracks: [] }))).toEqual([
      { url: '/media/clips/a/preview.mp4', height: 0 },
    ]);
    expect(contentUrlsOf(stream({ url: 'https://cdn.example/live.m3u8' }))).toHaveLength(1);
  });
});
