import { describe, expect, it } from 'vitest';
import { fixHlsMediaPlaylist } from './fix-hls';

// Shape written by ffmpeg 5.1's dash muxer with -hls_playlist 1 (audio rendition, 3.2 s segments).
const written = [
  '#EXTM3U',
  '#EXT-X-VERSION:6',
  '#EXT-X-TARGETDURATION:3',
  '#EXT-X-MEDIA-SEQUENCE:1',
  '#EXT-X-MAP:URI="init-stream3.m4s"',
  '#EXTINF:3.178667,',
  '#EXT-X-PROGRAM-DATE-TIME:2026-11-22T02:49:56.000+0000',
  'chunk-stream3-00001.m4s',
  '#EXTINF:3.200000,',
  '#EXT-X-PROGRAM-DATE-TIME:2026-11-22T02:49:59.178+0000',
  'chunk-stream3-00002.m4s',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

describe('fixHlsMediaPlaylist', () => {
  it('drops the encode-time dates and marks the playlist as VOD', () => {
    expect(fixHlsMediaPlaylist(written)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-TARGETDURATION:3',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXT-X-MEDIA-SEQUENCE:1',
        '#EXT-X-MAP:URI="init-stream3.m4s"',
        '#EXTINF:3.178667,',
        'chunk-stream3-00001.m4s',
        '#EXTINF:3.200000,',
        'chunk-stream3-00002.m4s',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
  });

  it('is idempotent', () => {
    const once = fixHlsMediaPlaylist(written);
    expect(fixHlsMediaPlaylist(once)).toBe(once);
  });

  it('sets the target duration to the rounded longest segment, not its ceiling', () => {
    const ceiled = written.replace('TARGETDURATION:3', 'TARGETDURATION:5').replace('3.200000', '4.053000');
    expect(fixHlsMediaPlaylist(ceiled)).toContain('#EXT-X-TARGETDURATION:4\n');
    const tooShort = written.replace('3.200000', '3.600000');
    expect(fixHlsMediaPlaylist(tooShort)).toContain('#EXT-X-TARGETDURATION:4\n');
  });

  it('leaves a live playlist without a playlist type', () => {
    const live = written.replace('#EXT-X-ENDLIST\n', '');
    expect(fixHlsMediaPlaylist(live)).not.toContain('PLAYLIST-TYPE');
  });
});
