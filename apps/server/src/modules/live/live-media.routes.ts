import type { FastifyInstance } from 'fastify';
import type { StreamAuthority } from '../playback/stream-authority';
import type { StreamSigner } from '../playback/stream-signing';
import type { LiveManifests } from './live-manifests.service';

/**
 * `/live/{grant}/{file}`: a channel's manifests (master.m3u8, media_N.m3u8, manifest.mpd),
 * built at each fetch. No cookie needed: the grant speaks for the session that asked, which is
 * checked again at every fetch (stream-authority.ts).
 */
export function registerLiveMediaRoutes(
  app: FastifyInstance,
  deps: { signer: StreamSigner; authority: StreamAuthority; manifests: LiveManifests; now?: () => Date },
) {
  // A wildcard, not `:token`: a grant is longer than Fastify lets a path parameter be.
  app.get<{ Params: { '*': string } }>('/live/*', async (request, reply) => {
    const [token = '', file = '', ...rest] = request.params['*'].split('/');
    const nowSeconds = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
    const grant = rest.length === 0 ? deps.signer.verify(token, nowSeconds) : null;
    if (!grant || grant.kind !== 'live' || !(await deps.authority.allows(grant))) {
      return reply.status(403).send('Forbidden');
    }
    const manifest = await deps.manifests.build(grant, file);
    if (!manifest) return reply.status(404).send('Not found');
    // Personal (the segment grants inside are the viewer's) and changing every segment.
    return reply.header('cache-control', 'no-store').type(manifest.contentType).send(manifest.body);
  });
}
