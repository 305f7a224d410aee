/**
 * Playz's signed media URLs carry their grant in the path (decisions 006, 022): a manifest names
 * its segments under `/media/s/{grant}/{folder}/`. An opening (decision 044) plays under a grant
 * that opens a few segments; once the press has the viewer's own stream, the segments asked next
 * carry that stream's grant instead. Pure text functions, tested on exact text.
 */
const SEGMENT_GRANT = /\/media\/s\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\//;

/** The segment grant a served manifest (MPD or HLS playlist) names, or null when it names none. */
export function segmentGrantOf(manifest: string): string | null {
  return SEGMENT_GRANT.exec(manifest)?.[1] ?? null;
}

/** The same media URL under another grant; any other URL as it is. */
export function withSegmentGrant(uri: string, grant: string): string {
  return uri.replace(SEGMENT_GRANT, `/media/s/${grant}/`);
}
