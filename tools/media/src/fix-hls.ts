import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Corrects the VOD media playlists written by the dash muxer (`-hls_playlist 1`) of ffmpeg 5.1.
 * Measured: its #EXT-X-TARGETDURATION is already the rounded longest segment (3 for 3.2 s, 4 for
 * 4.04 s), so that is only re-checked. What is wrong:
 * - #EXT-X-PROGRAM-DATE-TIME carries the wall clock of the encode: a VOD has no such date, players
 *   may sync variants on it, and it makes every run's output differ. Live playlists built from
 *   these segments write their own dates.
 * - no #EXT-X-PLAYLIST-TYPE:VOD, which tells players the list will never change.
 */
export function fixHlsMediaPlaylist(text: string): string {
  const lines = text.split('\n').filter((line) => !line.startsWith('#EXT-X-PROGRAM-DATE-TIME'));
  const isVod = lines.some((line) => line.trim() === '#EXT-X-ENDLIST');
  const longest = Math.max(
    0,
    ...lines.filter((l) => l.startsWith('#EXTINF:')).map((l) => Number.parseFloat(l.slice('#EXTINF:'.length))),
  );
  const fixed: string[] = [];
  for (const line of lines) {
    if (line.startsWith('#EXT-X-PLAYLIST-TYPE')) continue;
    if (line.startsWith('#EXT-X-TARGETDURATION:') && longest > 0) {
      // HLS (RFC 8216 §4.3.3.1): each EXTINF rounded to the nearest integer must be <= the target.
      fixed.push(`#EXT-X-TARGETDURATION:${Math.max(1, Math.round(longest))}`);
      if (isVod) fixed.push('#EXT-X-PLAYLIST-TYPE:VOD');
      continue;
    }
    fixed.push(line);
  }
  return fixed.join('\n');
}

/** Applies fixHlsMediaPlaylist to every media playlist (not the master) of a packaged ladder. */
export async function fixHlsPlaylistsInDir(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => /^media_\d+\.m3u8$/.test(name));
  for (const name of names) {
    const path = join(dir, name);
    await writeFile(path, fixHlsMediaPlaylist(await readFile(path, 'utf8')));
  }
}
