import type { FastifyInstance } from 'fastify';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { LiveGrantCache } from './live-grant-cache';
import type { LiveManifests } from './live-manifests.service';
import { liveRatingError } from '../../lib/content-rating-errors';

/** Personal (the segment grants inside are the viewer's) and changing every segment. */
export const LIVE_MANIFEST_CACHE_CONTROL = 'no-store';

/** `/live/{grant}/{file}`, split; null when the path has more parts. */
export function liveManifestPath(path: string): { token: string; file: string } | null {
  const [token = '', file = '', ...rest] = path.split('/');
  return rest.length === 0 ? { token, file } : null;
}

/**
 * `/live/{grant}/{file}`: a channel's manifests (master.m3u8, media_N.m3u8, manifest.mpd),
 * built at each fetch. No cookie needed: the grant speaks for the session that asked, which is
 * checked again at every fetch (stream-authority.ts). Reloads whose answer is all in memory are
 * answered before this route by live-hot-path.ts (decision 039), the same way.
 */
export function registerLiveMediaRoutes(
  app: FastifyInstance,
  deps: { grants: LiveGrantCache; authority: StreamAuthority; manifests: LiveManifests; now?: () => Date },
) {
  // A wildcard, not `:token`: a grant is longer than Fastify lets a path parameter be.
  app.get<{ Params: { '*': string } }>('/live/*', { config: { access: 'stream-grant' } }, async (request, reply) => {
    const path = liveManifestPath(request.params['*']);
    const nowSeconds = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
    const grant = path ? deps.grants.verify(path.token, nowSeconds) : null;
    if (!path || !grant || grant.kind !== 'live' || !(await deps.authority.allows(grant))) {
      return reply.status(403).send('Forbidden');
    }
    const manifest = await deps.manifests.build(grant, path.file);
    if (!manifest) return reply.status(404).send('Not found');
    // The live edge reached a programme this viewer may not see: the stream call's own error
    // (decision 082), so a player that ignored the guide learns why and asks the code.
    if ('refused' in manifest) throw liveRatingError(manifest.refused);
    return reply.header('cache-control', LIVE_MANIFEST_CACHE_CONTROL).type(manifest.contentType).send(manifest.body);
  });
}
