import { describe, expect, it } from 'vitest';
import { parseHlsMaster } from './hls-master';

const master = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_A1",NAME="audio_2",DEFAULT=YES,URI="media_2.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=532038,RESOLUTION=480x270,CODECS="avc1.4d4015,mp4a.40.2",AUDIO="group_A1"
media_0.m3u8

#EXT-X-STREAM-INF:BANDWIDTH=1032038,RESOLUTION=854x480,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="group_A1"
media_1.m3u8
`;

describe('parseHlsMaster', () => {
  it('reads each variant with its quoted, comma-holding attributes', () => {
    expect(parseHlsMaster(master)).toEqual([
      { uri: 'media_0.m3u8', bandwidth: 532038, width: 480, height: 270, codecs: 'avc1.4d4015,mp4a.40.2' },
      { uri: 'media_1.m3u8', bandwidth: 1032038, width: 854, height: 480, codecs: 'avc1.4d401e,mp4a.40.2' },
    ]);
  });
});
