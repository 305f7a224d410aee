import { describe, expect, it } from 'vitest';
import { cutIngestPlaylist, listedSegmentNumbers, newestCommonRange } from './ingest-preview';

// "A Preview manifest holds only the preview's segments (VOD, live and replay alike)": a
// Stream channel's preview is a closed cut of its encoder's window (decision 041).

/** What the live encoder writes (ffmpeg's dash muxer, hls_playlist=1), while it runs. */
const VIDEO = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:3
#EXT-X-MEDIA-SEQUENCE:4
#EXT-X-MAP:URI="init-stream0.m4s"
#EXTINF:3.200000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T05:54:52.600+0000
chunk-stream0-00004.m4s
#EXTINF:3.200000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T05:54:55.800+0000
chunk-stream0-00005.m4s
#EXTINF:3.200000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T05:54:59.000+0000
chunk-stream0-00006.m4s
#EXTINF:3.200000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T05:55:02.200+0000
chunk-stream0-00007.m4s
#EXTINF:3.200000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T05:55:05.400+0000
chunk-stream0-00008.m4s
`;
const AUDIO = VIDEO.replace(/stream0/g, 'stream1')
  .replace(/\nchunk-stream1-00008\.m4s\n$/, '\n')
  .replace(/#EXTINF:3.200000,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-26T05:55:05.400\+0000\n$/, '');

describe('a Stream channel’s preview cut (decision 041)', () => {
  it('lists the encoder’s segment numbers', () => {
    expect(listedSegmentNumbers(VIDEO)).toEqual([4, 5, 6, 7, 8]);
    expect(listedSegmentNumbers(AUDIO)).toEqual([4, 5, 6, 7]);
  });

  it('takes the newest 3 segments every rendition has finished', () => {
    expect(newestCommonRange([VIDEO, AUDIO], 3)).toEqual([5, 7]);
    expect(newestCommonRange([VIDEO], 3)).toEqual([6, 8]);
    // Not enough written yet (a channel just started, or its encoder down): no cut.
    expect(newestCommonRange([VIDEO], 6)).toBeNull();
    expect(newestCommonRange(['#EXTM3U\n'], 3)).toBeNull();
    expect(newestCommonRange([], 3)).toBeNull();
  });

  it('cuts a closed playlist of exactly those segments, with the init segment and their dates', () => {
    expect(cutIngestPlaylist(VIDEO, [5, 7])).toBe(`#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:3
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MEDIA-SEQUENCE:5
#EXT-X-MAP:URI="init-stream0.m4s"
#EXTINF:3.200000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T05:54:55.800+0000
chunk-stream0-00005.m4s
#EXTINF:3.200000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T05:54:59.000+0000
chunk-stream0-00006.m4s
#EXTINF:3.200000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-26T05:55:02.200+0000
chunk-stream0-00007.m4s
#EXT-X-ENDLIST
`);
  });

  it('a window that moved past the cut lists what is left of it; nothing left is null', () => {
    const later = VIDEO.replace(
      /#EXTINF:3.200000,\n#EXT-X-PROGRAM-DATE-TIME:[^\n]+\nchunk-stream0-0000[45]\.m4s\n/g,
      '',
    );
    expect(listedSegmentNumbers(cutIngestPlaylist(later, [5, 7])!)).toEqual([6, 7]);
    expect(cutIngestPlaylist(VIDEO, [20, 22])).toBeNull();
    // An encoder that stopped wrote ENDLIST: the cut has one ENDLIST, its own.
    const ended = `${VIDEO}#EXT-X-ENDLIST\n`;
    expect(cutIngestPlaylist(ended, [6, 8])!.match(/#EXT-X-ENDLIST/g)).toHaveLength(1);
  });
});
