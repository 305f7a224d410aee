import type { AdaptiveStream, ContentUrl } from '@playz/api-contract';

/**
 * Single-height HLS streams (spec 2 §3 Content URLs, docs/decisions/023). A rendition's own media
 * playlist has no sound (the ladder's audio is a stream of its own), so a height's URL is a
 * multivariant playlist that keeps one video variant and the audio rendition. Pure text.
 */

/** `master-720p.m3u8`: the multivariant playlist of one height, beside `master.m3u8`. */
export const variantPlaylistName = (height: number) => `master-${height}p.m3u8`;
export const VARIANT_PLAYLIST_PATTERN = /^master-(\d{2,4})p\.m3u8$/;

/**
 * The multivariant playlist with only the (first) variant of this height, or null when it has
 * none. Everything else (version, audio renditions, independent segments) is kept as is, blank
 * lines left out.
 */
export function keepHlsVariant(master: string, height: number): string | null {
  const out: string[] = [];
  let kept = false;
  let skipUri = false;
  for (const line of master.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('#EXT-X-STREAM-INF:')) {
      const resolution = /RESOLUTION=(\d+)x(\d+)/.exec(trimmed);
      skipUri = kept || Number(resolution?.[2]) !== height;
      if (!skipUri) {
        kept = true;
        out.push(line);
      }
      continue;
    }
    if (skipUri && trimmed !== '' && !trimmed.startsWith('#')) {
      skipUri = false;
      continue;
    }
    if (trimmed !== '') out.push(line);
  }
  return kept ? `${out.join('\n')}\n` : null;
}

/**
 * Content URLs of a granted stream: the adaptive one (height 0, the quality selector's Auto)
 * first, then one per height, tallest first (spec 2 §4 stream selection sorts so). Only an HLS
 * multivariant playlist has heights to give; a teaser or an imported stream is its one URL.
 */
export function contentUrlsOf(stream: AdaptiveStream): ContentUrl[] {
  const urls: ContentUrl[] = [{ url: stream.url, height: 0 }];
  if (stream.type !== 'hls' || !stream.url.endsWith('/master.m3u8')) return urls;
  const heights = [...new Set(stream.tracks.map((t) => t.height))].sort((a, b) => b - a);
  for (const height of heights) {
    urls.push({ url: stream.url.replace(/master\.m3u8$/, variantPlaylistName(height)), height });
  }
  return urls;
}
