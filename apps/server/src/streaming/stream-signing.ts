import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlayerKind, PurchasedItem } from '@playz/domain';
import type { LiveRatingGuard, LiveRatingRefusal } from './live-rating-guard';

/**
 * Signed stream URLs (ARCHITECTURE decision 3, docs/decisions/006 and 022). A grant is a signed
 * token placed in the URL's PATH, so relative URLs inside manifests inherit it, and a client
 * that holds only the URL (a cast receiver, a TV's native player, ffprobe) plays without any
 * cookie: the URL carries its own authority.
 *
 * - `files`: opens one folder under the media root. `manifests` grants serve the playlists and
 *   MPDs of a VOD (checked against the session at every fetch, stream-authority.ts) and write
 *   short `segments` grants into them; `segments` grants serve media segments only, optionally
 *   only a range of segment numbers (a preview).
 * - `live`: a channel's manifests over a window of its timeline (live, start-over, replay,
 *   preview), built at each fetch and checked against the session like VOD manifests.
 */
export type StreamUsage = 'View' | 'Preview';

export interface FilesGrant {
  kind: 'manifests' | 'segments';
  /** Folder under the media root the grant opens, e.g. `clips/aurora`. */
  prefix: string;
  /** Unix seconds. */
  expiresAt: number;
  /** Session the grant was made for; null for visitors (Preview only). */
  sessionId: string | null;
  customerId: number | null;
  usage: StreamUsage;
  /** Preview: the first and last segment numbers (1-based, as in the file names) that may be fetched. */
  segmentRange: [number, number] | null;
  /** The player the entitlement was decided for (spec 2 §4): re-checked at every manifest. */
  player: PlayerKind;
  /** The item bought that gave View, when only a purchase did (spec 3 §4); re-checked too. */
  purchase?: PurchasedItem | null;
  /**
   * An opening (decision 044): a View stream's first seconds, fetched before the viewer presses
   * play. Its segmentRange bounds what it opens, but its manifests list the whole stream (the
   * player's timeline is the film's), and it takes no device place.
   */
  opening?: boolean | null;
  /**
   * A download (decision 049): opens the one MP4 file of `/media/d/` and no segment, and is
   * checked by the stream authority like a manifest at every transfer start.
   */
  download?: boolean | null;
  /**
   * A live segment grant whose folder plays, in its window, a programme the live grant's viewer
   * may not see (decision 082): its segments are refused with the stream call's reason.
   */
  refusal?: LiveRatingRefusal | null;
}

export interface LiveGrant {
  kind: 'live';
  channelId: number;
  window: 'live' | 'startover' | 'replay' | 'preview';
  /** Window bounds in ms since the epoch (programme start and end, or the preview excerpt). */
  fromMs: number;
  toMs: number;
  expiresAt: number;
  sessionId: string | null;
  customerId: number | null;
  usage: StreamUsage;
  /** What the entitlement was decided for: the channel, or a programme's content (replay). */
  contentId: number | null;
  /** The item bought that gave View (a live event, spec 3 §4), re-checked at every manifest. */
  purchase?: PurchasedItem | null;
  /**
   * What the viewer may see, as the stream call judged it (decision 082): a kids profile, the
   * account's parental threshold. Every programme the window reaches is judged by it.
   */
  guard?: LiveRatingGuard | null;
  /** The programme whose parental code the stream call was given a proof of (decision 064). */
  proven?: number | null;
}

export type StreamGrant = FilesGrant | LiveGrant;

const FILES_FIELDS = [
  'kind',
  'prefix',
  'expiresAt',
  'sessionId',
  'customerId',
  'usage',
  'segmentRange',
  'player',
  'purchase',
  // Last ones: a token written before them reads as no opening, no download.
  'opening',
  'download',
  'refusal',
] as const;
const LIVE_FIELDS = [
  ...['kind', 'channelId', 'window', 'fromMs', 'toMs', 'expiresAt'],
  ...['sessionId', 'customerId', 'usage', 'contentId', 'purchase'],
  // Last ones: a token written before them reads as no guard (decision 082).
  ...['guard', 'proven'],
] as const;

function isGrant(value: Record<string, unknown>): value is StreamGrant & Record<string, unknown> {
  if (typeof value.expiresAt !== 'number' || (value.usage !== 'View' && value.usage !== 'Preview')) return false;
  if (value.kind === 'manifests' || value.kind === 'segments') return typeof value.prefix === 'string';
  return value.kind === 'live' && Number.isInteger(value.channelId);
}

/** A grant as the token's payload: its fields in a positional JSON array, base64url. */
export function encodeGrant(grant: StreamGrant): string {
  // Positional arrays keep the URL short; the field lists above name the positions.
  const fields = grant.kind === 'live' ? LIVE_FIELDS : FILES_FIELDS;
  const values = fields.map((field) => (grant as unknown as Record<string, unknown>)[field] ?? null);
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The grant of a payload (its signature already checked), or null when malformed or expired. */
export function decodeGrant(payload: string, nowSeconds: number): StreamGrant | null {
  try {
    const values = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    if (!Array.isArray(values)) return null;
    const fields = values[0] === 'live' ? LIVE_FIELDS : FILES_FIELDS;
    const grant = Object.fromEntries(fields.map((field, i) => [field, values[i] ?? null]));
    if (!isGrant(grant) || grant.expiresAt < nowSeconds) return null;
    return grant;
  } catch {
    return null;
  }
}

export function createStreamSigner(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    sign(grant: StreamGrant): string {
      const payload = encodeGrant(grant);
      return `${payload}.${mac(payload)}`;
    },
    /** The grant, or null when forged, damaged or expired. */
    verify(token: string, nowSeconds: number): StreamGrant | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return decodeGrant(payload, nowSeconds);
    },
  };
}
export type StreamSigner = ReturnType<typeof createStreamSigner>;
