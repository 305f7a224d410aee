import { describe, expect, it } from 'vitest';
import { segmentGrantOf, withSegmentGrant } from './segment-grant';

// Decision 044: an opening's segments continue under the press's own grant.
describe('segment grants in media URLs', () => {
  const mpd = [
    '<MPD mediaPresentationDuration="PT60S">',
    '<BaseURL>/media/s/eyJhIjoxfQ.c2ln-_/clips/aurora/</BaseURL>',
    '\t<Period id="0">',
  ].join('\n');

  it('reads the grant an MPD names in its BaseURL', () => {
    expect(segmentGrantOf(mpd)).toBe('eyJhIjoxfQ.c2ln-_');
  });

  it('reads the grant an HLS multivariant playlist names for its media playlists', () => {
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\n/media/s/AAA.BBB/clips/aurora/media_0.m3u8\n';
    expect(segmentGrantOf(master)).toBe('AAA.BBB');
  });

  it('finds none in a manifest without signed URLs', () => {
    expect(segmentGrantOf('#EXTM3U\nmedia_0.m3u8\n')).toBeNull();
  });

  it('moves a segment URL, absolute or not, under the new grant and keeps its file', () => {
    expect(withSegmentGrant('/media/s/OLD.SIG/clips/aurora/chunk-stream0-00003.m4s', 'NEW.SIG')).toBe(
      '/media/s/NEW.SIG/clips/aurora/chunk-stream0-00003.m4s',
    );
    expect(withSegmentGrant('http://localhost:3000/media/s/OLD.SIG/clips/a/init-stream0.m4s', 'N.S')).toBe(
      'http://localhost:3000/media/s/N.S/clips/a/init-stream0.m4s',
    );
  });

  it('leaves other URLs alone (a licence request, a public image)', () => {
    expect(withSegmentGrant('/drm/license?token=x', 'N.S')).toBe('/drm/license?token=x');
    expect(withSegmentGrant('/media/clips/aurora/poster.jpg', 'N.S')).toBe('/media/clips/aurora/poster.jpg');
  });
});
