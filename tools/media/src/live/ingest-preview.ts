/**
 * A Stream channel's preview (decision 041: "a Preview manifest holds only the preview's segments"; the
 * encoder of decision 022's Stream channels): a closed cut of the encoder's sliding HLS window.
 * The encoder's segments are numbered (chunk-stream{rep}-{number}.m4s), so a cut is a range of
 * numbers, the same for every rendition; the server grants only that range's segments.
 */

const SEGMENT_NUMBER = /chunk-stream\d+-(\d{5})\.m4s$/;

/** The numbers of the segments a media playlist lists, in order. */
export function listedSegmentNumbers(playlist: string): number[] {
  const numbers: number[] = [];
  for (const line of playlist.split('\n')) {
    const match = line.startsWith('#') ? null : SEGMENT_NUMBER.exec(line.trim());
    if (match) numbers.push(Number(match[1]));
  }
  return numbers;
}

/**
 * The newest `count` segments every rendition has finished, as [first, last], or null when the
 * encoder has not written that many yet (a channel just started, or down).
 */
export function newestCommonRange(playlists: readonly string[], count: number): [number, number] | null {
  if (playlists.length === 0) return null;
  const listed = playlists.map(listedSegmentNumbers);
  const last = Math.min(...listed.map((numbers) => numbers.at(-1) ?? 0));
  const first = last - count + 1;
  const complete = listed.every((numbers) => numbers.filter((n) => n >= first && n <= last).length === count);
  return first >= 1 && complete ? [first, last] : null;
}

/**
 * The media playlist cut to the segments numbered `range`, closed (VOD type, ENDLIST): a player
 * plays the excerpt and stops, nothing outside it is listed. Null when none of them is listed.
 */
export function cutIngestPlaylist(playlist: string, range: readonly [number, number]): string | null {
  const header: string[] = [];
  const kept: string[] = [];
  let pending: string[] = [];
  let inSegments = false;
  for (const raw of playlist.split('\n')) {
    const line = raw.trimEnd();
    if (!line || line === '#EXT-X-ENDLIST' || line.startsWith('#EXT-X-PLAYLIST-TYPE')) continue;
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE')) continue;
    if (line.startsWith('#EXTINF')) inSegments = true;
    if (!inSegments) {
      header.push(line);
      continue;
    }
    if (line.startsWith('#')) {
      pending.push(line);
      continue;
    }
    const number = Number(SEGMENT_NUMBER.exec(line)?.[1] ?? NaN);
    if (number >= range[0] && number <= range[1]) kept.push(...pending, line);
    pending = [];
  }
  if (kept.length === 0) return null;
  const at = header.findIndex((line) => line.startsWith('#EXT-X-TARGETDURATION'));
  const tags = ['#EXT-X-PLAYLIST-TYPE:VOD', `#EXT-X-MEDIA-SEQUENCE:${range[0]}`];
  header.splice(at < 0 ? header.length : at + 1, 0, ...tags);
  return `${[...header, ...kept, '#EXT-X-ENDLIST'].join('\n')}\n`;
}
