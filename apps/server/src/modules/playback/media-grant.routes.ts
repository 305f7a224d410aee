import type { FastifyInstance } from 'fastify';
import { mediaGrantDecision } from './segment-access';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { StreamSigner } from '../../streaming/stream-signing';

/** nginx keeps an answer at most this long: a stop or a log-out shuts the tap within it. */
export const MEDIA_GRANT_CACHE_SECONDS = 5;

/**
 * GET /internal/media-grant (decision 038): nginx serves segments itself from the media folder and
 * asks here first (deploy/nginx/playz-grant.lua, decision 043; the original URI in X-Original-URI).
 * 200 lets it serve, 403 not; X-Accel-Expires says how long it may keep the answer. The answer
 * tells nothing the URL's holder could not learn by fetching it, yet nginx keeps /internal/ to
 * itself.
 */
export function registerMediaGrantRoute(
  app: FastifyInstance,
  deps: { signer: StreamSigner; authority: StreamAuthority; now?: () => Date },
) {
  app.get('/internal/media-grant', { config: { access: 'stream-grant' } }, async (request, reply) => {
    const originalUri = request.headers['x-original-uri'];
    const nowSeconds = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
    const decision =
      typeof originalUri === 'string'
        ? await mediaGrantDecision({ ...deps, maxCacheSeconds: MEDIA_GRANT_CACHE_SECONDS }, originalUri, nowSeconds)
        : { allowed: false as const };
    reply.header('cache-control', 'no-store');
    if (!decision.allowed) return reply.status(403).header('x-accel-expires', '0').send('');
    return reply.status(200).header('x-accel-expires', String(decision.cacheSeconds)).send('');
  });
}
