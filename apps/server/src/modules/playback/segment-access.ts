import path from 'node:path';
import { segmentNumberOf } from './segment-grants';
import type { StreamAuthority } from './stream-authority';
import type { FilesGrant, StreamSigner } from './stream-signing';

export const SEGMENT_EXTENSIONS = new Set(['.m4s', '.mp4']);

/**
 * Whether a verified segments grant opens `file` (decisions 006, 022): a segment file in the
 * grant's folder, within a preview's range, for a session that has not ended, stopped or been
 * refused its place. Shared by the app's own media route and nginx's auth_request (decision 038).
 */
export async function segmentAllowed(authority: StreamAuthority, grant: FilesGrant, file: string): Promise<boolean> {
  if (grant.kind !== 'segments' || !file.startsWith(`${grant.prefix}/`) || file.includes('..')) return false;
  if (!SEGMENT_EXTENSIONS.has(path.extname(file).toLowerCase())) return false;
  const number = segmentNumberOf(file);
  const range = grant.segmentRange;
  // A preview's grant opens its own segments (and init segments) only.
  if (range && number !== null && (number < range[0] || number > range[1])) return false;
  // A stopped or refused device, an ended session: no more segments (issue 10, decision 022).
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
