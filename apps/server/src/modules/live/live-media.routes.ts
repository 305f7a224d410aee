import type { FastifyInstance } from 'fastify';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { LiveGrantCache } from './live-grant-cache';
import type { LiveManifests, LiveSegmentAnswer } from './live-manifests.service';
import { liveRatingError } from '../../lib/content-rating-errors';

/**
 * A live HLS playlist is the same bytes for every viewer of its window (decision 096) and changes
 * every segment (3.2 s): a shared cache (nginx, a CDN) may keep it one second, under half the
 * target duration, so players never see a window older than a segment. The URL carries the grant,
 * and every segment it lists is checked against that grant at its own fetch.
 */
export const LIVE_PLAYLIST_CACHE_CONTROL = 'public, max-age=1';
/** A DASH MPD still carries each viewer's segment grants (decision 022): personal. */
export const LIVE_MANIFEST_CACHE_CONTROL = 'no-store';
/** The cache-control of a live manifest answer, by its type. */
export const liveCacheControlOf = (contentType: string) =>
  contentType === 'application/dash+xml' ? LIVE_MANIFEST_CACHE_CONTROL : LIVE_PLAYLIST_CACHE_CONTROL;
/** A segment's bytes never change; its URL carries the grant, so only the viewer's own cache keeps it. */
export const LIVE_SEGMENT_CACHE_CONTROL = 'private, max-age=3600';

/** `/live/{grant}/{file}`, split; null when the path has more parts. */
export function liveManifestPath(path: string): { token: string; file: string } | null {
  const [token = '', file = '', ...rest] = path.split('/');
  return rest.length === 0 ? { token, file } : null;
}

/** `/live/{grant}/clips/{clip}/{segment}`, split: a segment the shared playlist lists (decision 096). */
export function liveSegmentPath(path: string): { token: string; file: string } | null {
  const slash = path.indexOf('/');
  const file = path.slice(slash + 1);
  if (slash <= 0 || !file.includes('/') || file.includes('..') || file.includes('//')) return null;
  return { token: path.slice(0, slash), file };
}

/**
 * May this live grant fetch this segment now (decision 096): the grant verifies and is live, its
 * window lists the segment (live-manifests.service.ts `segment`), and the session it speaks for
 * may still receive segments — not stopped, not refused its place, not ended, still entitled
 * (stream-authority.ts, the same rule as a `/media/s/` segment grant's). Shared by the app's own
 * route and nginx's check (`/internal/live-grant`).
 */
export async function liveSegmentAnswer(
  deps: Pick<LiveMediaDeps, 'grants' | 'authority' | 'manifests'>,
  token: string,
  file: string,
  nowSeconds: number,
): Promise<LiveSegmentAnswer> {
  const grant = deps.grants.verify(token, nowSeconds);
  if (!grant || grant.kind !== 'live') return 'forbidden';
  const answer = await deps.manifests.segment(grant, file);
  if (answer === 'forbidden') return answer;
  const session = await deps.authority.allowsSegments({
    ...{ kind: 'segments', prefix: file.slice(0, file.lastIndexOf('/')), expiresAt: grant.expiresAt },
    ...{ sessionId: grant.sessionId, customerId: grant.customerId, usage: grant.usage },
    ...{ segmentRange: null, player: 'live', purchase: grant.purchase ?? null },
  });
  // A refusal for the rating is said only to a session that could otherwise watch.
  return session ? answer : 'forbidden';
}

/** An HLS media playlist of a live grant, the file nginx may keep for a channel (decision 125). */
const MEDIA_PLAYLIST = /^media_\d{1,2}\.m3u8$/;
/**
 * How long nginx keeps the app's answer about a playlist's grant: a stop, a log-out or a refused
 * place closes a playlist through nginx within this (decision 125), and a player reloading every
 * 3.2 s still asks the app at each reload, which is the lease's heartbeat (decision 018).
 */
const PLAYLIST_CHECK_KEPT_SECONDS = 1;

interface LiveMediaDeps {
  grants: LiveGrantCache;
  authority: StreamAuthority;
  manifests: LiveManifests;
  mediaRoot: string;
  now?: () => Date;
}

/**
 * `/live/{grant}/{file}`: a channel's manifests (master.m3u8, media_N.m3u8, manifest.mpd),
 * built at each fetch, and `/live/{grant}/clips/…`, the segments its HLS playlists list. No cookie needed: the grant speaks for the session that asked, which is
 * checked again at every fetch (stream-authority.ts). Reloads whose answer is all in memory are
 * answered before this route by live-hot-path.ts (decision 039), the same way.
 */
export function registerLiveMediaRoutes(app: FastifyInstance, deps: LiveMediaDeps) {
  const nowSecondsOf = () => Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
  // A wildcard, not `:token`: a grant is longer than Fastify lets a path parameter be.
  app.get<{ Params: { '*': string } }>('/live/*', { config: { access: 'stream-grant' } }, async (request, reply) => {
    const nowSeconds = nowSecondsOf();
    const segment = liveSegmentPath(request.params['*']);
    if (segment) {
      const answer = await liveSegmentAnswer(deps, segment.token, segment.file, nowSeconds);
      if (answer === 'forbidden') return reply.status(403).send('Forbidden');
      // A programme this viewer may not see (decision 082): the stream call's own error.
      if (answer !== 'allowed') throw liveRatingError(answer.refused);
      reply.header('cache-control', LIVE_SEGMENT_CACHE_CONTROL);
      return reply.sendFile(segment.file, deps.mediaRoot, { cacheControl: false });
    }
    const path = liveManifestPath(request.params['*']);
    const grant = path ? deps.grants.verify(path.token, nowSeconds) : null;
    if (!path || !grant || grant.kind !== 'live' || !(await deps.authority.allows(grant))) {
      return reply.status(403).send('Forbidden');
    }
    const manifest = await deps.manifests.build(grant, path.file);
    if (!manifest) return reply.status(404).send('Not found');
    // The live edge reached a programme this viewer may not see: the stream call's own error
    // (decision 082), so a player that ignored the guide learns why and asks the code.
    if ('refused' in manifest) throw liveRatingError(manifest.refused);
    return reply
      .header('cache-control', liveCacheControlOf(manifest.contentType))
      .type(manifest.contentType)
      .send(manifest.body);
  });

  /**
   * GET /internal/live-grant: nginx's check before it serves a live segment itself
   * (deploy/nginx/playz.conf, decision 096), the original URI in X-Original-URI, as
   * `/internal/media-grant` is for `/media/s/` (decision 038). Its answer depends on the segment
   * (the window, the programme's rating), so nginx keeps none (X-Accel-Expires: 0).
   *
   * For an HLS media playlist (decision 125) it is the route's own check — the grant verifies and
   * is live, the session may still watch (`allows`: stop mark, ended session, right, and the
   * lease's heartbeat) — kept by nginx one second per grant. A grant whose window is the channel's
   * live edge and which carries no rating guard gets the same bytes as every such viewer of the
   * channel (decision 096): the answer names them (`x-playz-shared`), and nginx keeps one copy of
   * that playlist a second for all of them.
   */
  app.get('/internal/live-grant', { config: { access: 'stream-grant' } }, async (request, reply) => {
    const originalUri = request.headers['x-original-uri'];
    const match = typeof originalUri === 'string' ? /^\/live\/([^?#]+)$/.exec(originalUri) : null;
    const playlist = match ? liveManifestPath(match[1]!) : null;
    if (playlist && MEDIA_PLAYLIST.test(playlist.file)) {
      const grant = deps.grants.verify(playlist.token, nowSecondsOf());
      const allowed = grant?.kind === 'live' && (await deps.authority.allows(grant));
      reply.header('cache-control', 'no-store').header('x-accel-expires', String(PLAYLIST_CHECK_KEPT_SECONDS));
      if (allowed && grant.window === 'live' && !grant.guard) reply.header('x-playz-shared', `${grant.channelId}/live`);
      return reply.status(allowed ? 200 : 403).send('');
    }
    const segment = match ? liveSegmentPath(match[1]!) : null;
    const answer = segment ? await liveSegmentAnswer(deps, segment.token, segment.file, nowSecondsOf()) : 'forbidden';
    reply.header('cache-control', 'no-store').header('x-accel-expires', '0');
    return reply.status(answer === 'allowed' ? 200 : 403).send('');
  });
}
