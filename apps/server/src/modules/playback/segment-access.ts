import path from 'node:path';
import { segmentNumberOf } from '../../streaming/segment-grants';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { FilesGrant, StreamSigner } from '../../streaming/stream-signing';

/** Segments, and a clip's WebVTT subtitles (decision 068): whole files the stream's grant covers. */
export const SEGMENT_EXTENSIONS = new Set(['.m4s', '.mp4', '.vtt']);

/**
 * A finished clip's HLS media playlist (decision 042): a list of its segments, the same file for
 * every viewer, so it hangs under the segments grant and nginx serves it like a segment. Only in
 * `clips/` (a live encoder's playlists change and are checked as manifests), never a multivariant
 * playlist or an MPD (those carry the manifest check and the grants).
 */
export const STATIC_MEDIA_PLAYLIST = /^clips\/.+\/media_\d{1,2}\.m3u8$/;

/**
 * Whether a verified segments grant opens `file` (decisions 006, 022, 042, 044): a segment file
 * in the grant's folder, within a preview's or an opening's range, or a finished clip's media
 * playlist under a grant with no range or an opening's (a preview's playlists are cut to its
 * range by the app), for a session that has not ended, stopped or been refused its place. Shared by the app's own media route and nginx's grant
 * check (decisions 038, 043).
 */
export async function segmentAllowed(authority: StreamAuthority, grant: FilesGrant, file: string): Promise<boolean> {
  if (grant.kind !== 'segments' || !file.startsWith(`${grant.prefix}/`) || file.includes('..')) return false;
  // A download's grant opens its one file under /media/d/ (decision 049), never the segments.
  if (grant.download) return false;
  const range = grant.segmentRange;
  const playlist = STATIC_MEDIA_PLAYLIST.test(file);
  // An opening's media playlists list the whole film, as its manifest does (decision 044).
  if (playlist ? range && !grant.opening : !SEGMENT_EXTENSIONS.has(path.extname(file).toLowerCase())) return false;
  const number = segmentNumberOf(file);
  // A preview's grant opens its own segments (and init segments) only.
  if (range && number !== null && (number < range[0] || number > range[1])) return false;
  // A live folder playing, in the grant's window, a programme its viewer may not see (decision 082).
  if (grant.refusal) return false;
  // A stopped or refused device, an ended session: no more segments (decision 022).
  return authority.allowsSegments(grant);
}

/**
 * `/media/s/{grant}/{file}` as nginx saw it (X-Original-URI): the grant's answer for that file,
 * and how long nginx may keep it. A preview's answer depends on the segment number, so it is not
 * kept; others hold for the whole folder until the grant's expiry, at most `maxCacheSeconds`, so a
 * stop or a log-out shuts the tap within that time at the latest.
 */
export async function mediaGrantDecision(
  deps: { signer: StreamSigner; authority: StreamAuthority; maxCacheSeconds: number },
  originalUri: string,
  nowSeconds: number,
): Promise<{ allowed: false } | { allowed: true; cacheSeconds: number }> {
  const match = /^\/media\/s\/([^/?#]+)\/([^?#]+)$/.exec(originalUri.split('?')[0] ?? '');
  if (!match) return { allowed: false };
  let file: string;
  try {
    file = path.posix.normalize(decodeURIComponent(match[2]!));
  } catch {
    return { allowed: false };
  }
  const grant = deps.signer.verify(match[1]!, nowSeconds);
  if (!grant || grant.kind !== 'segments' || !(await segmentAllowed(deps.authority, grant, file))) {
    return { allowed: false };
  }
  const cacheSeconds = grant.segmentRange
    ? 0
    : Math.max(0, Math.min(deps.maxCacheSeconds, grant.expiresAt - nowSeconds));
  return { allowed: true, cacheSeconds };
}
