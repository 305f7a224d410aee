/**
 * A VOD's manifests as served: the files the pipeline wrote, with their segment URLs pointing at
 * a short `segments` grant (segment-grants.ts). Pure text functions, tested on exact text.
 */

/** HLS media playlist: every URI line and URI="..." attribute gets the segment folder URL. */
export function rewriteHlsMediaPlaylist(text: string, segmentBase: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('#')) return line.replace(/URI="([^"/]+)"/, (_, uri: string) => `URI="${segmentBase}${uri}"`);
      return line.trim() && !line.includes('/') ? `${segmentBase}${line.trim()}` : line;
    })
    .join('\n');
}

/**
 * HLS media playlist of a preview: only its first `segments` segments, then the end. A client
 * sees nothing past the preview, and the segment grant refuses the rest anyway.
 */
export function truncateHlsMediaPlaylist(text: string, segments: number): string {
  const out: string[] = [];
  let kept = 0;
  for (const line of text.split('\n')) {
    if (line === '#EXT-X-ENDLIST') break;
    if (line.startsWith('#EXTINF') && kept === segments) break;
    out.push(line);
    if (line.trim() && !line.startsWith('#')) kept++;
  }
  return `${out.join('\n').trimEnd()}\n#EXT-X-ENDLIST\n`;
}

/** DASH MPD: one BaseURL before the first period, so every template resolves under the grant. */
export function addMpdBaseUrl(text: string, segmentBase: string): string {
  const at = text.indexOf('<Period');
  if (at < 0) return text;
  return `${text.slice(0, at)}<BaseURL>${segmentBase}</BaseURL>\n\t${text.slice(at)}`;
}

/** DASH MPD of a preview: the presentation ends after the preview. */
export function limitMpdDuration(text: string, seconds: number): string {
  return text.replace(/mediaPresentationDuration="[^"]*"/, `mediaPresentationDuration="PT${seconds}S"`);
}
