import type { FastifyInstance } from 'fastify';
import type { StreamAuthority } from '../playback/stream-authority';
import type { StreamGrant, StreamSigner } from '../playback/stream-signing';
import type { LiveManifests } from './live-manifests.service';

/** Verified live grants kept (oldest first out): about one per viewer. */
const VERIFIED_TOKENS = 20_000;

/**
 * `/live/{grant}/{file}`: a channel's manifests (master.m3u8, media_N.m3u8, manifest.mpd),
 * built at each fetch. No cookie needed: the grant speaks for the session that asked, which is
 * checked again at every fetch (stream-authority.ts).
 */
export function registerLiveMediaRoutes(
  app: FastifyInstance,
  deps: { signer: StreamSigner; authority: StreamAuthority; manifests: LiveManifests; now?: () => Date },
) {
  /**
   * Grants whose signature was checked, by token: a player reloads the same URL every few
   * seconds. A token's fields are fixed by its signature, so only its expiry is checked again.
   */
  const verified = new Map<string, StreamGrant>();
  const verify = (token: string, nowSeconds: number): StreamGrant | null => {
    const known = verified.get(token);
    if (known) return known.expiresAt < nowSeconds ? null : known;
    const grant = deps.signer.verify(token, nowSeconds);
    if (grant) {
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, grant);
    }
    return grant;
  };
  // A wildcard, not `:token`: a grant is longer than Fastify lets a path parameter be.
  app.get<{ Params: { '*': string } }>('/live/*', { config: { urlAuthority: true } }, async (request, reply) => {
    const [token = '', file = '', ...rest] = request.params['*'].split('/');
    const nowSeconds = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
    const grant = rest.length === 0 ? verify(token, nowSeconds) : null;
    if (!grant || grant.kind !== 'live' || !(await deps.authority.allows(grant))) {
      return reply.status(403).send('Forbidden');
    }
    const manifest = await deps.manifests.build(grant, file);
    if (!manifest) return reply.status(404).send('Not found');
    // Personal (the segment grants inside are the viewer's) and changing every segment.
    return reply.header('cache-control', 'no-store').type(manifest.contentType).send(manifest.body);
  });
}
