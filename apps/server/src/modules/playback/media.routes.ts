import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { StreamSigner } from './stream-signing';

/** Artwork and teasers are public; manifests and segments are served only through a grant. */
const PUBLIC_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.svg', '.mp4', '.vtt']);
const STREAM_EXTENSIONS = new Set(['.m3u8', '.mpd', '.m4s', '.mp4', '.vtt']);

export function registerMediaRoutes(app: FastifyInstance, deps: { mediaRoot: string; signer: StreamSigner }) {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const file = request.params['*'];
    if (file.startsWith('s/') || !PUBLIC_EXTENSIONS.has(path.extname(file).toLowerCase())) {
      return reply.status(404).send('Not found');
    }
    return reply.sendFile(file, deps.mediaRoot, { maxAge: 24 * 3600 * 1000 });
  });

  app.get<{ Params: { token: string; '*': string } }>('/media/s/:token/*', async (request, reply) => {
    const grant = deps.signer.verify(request.params.token, Math.floor(Date.now() / 1000));
    const file = path.posix.normalize(request.params['*']);
    const isInside = grant && file.startsWith(`${grant.prefix}/`) && !file.includes('..');
    if (!grant || !isInside || !STREAM_EXTENSIONS.has(path.extname(file).toLowerCase())) {
      return reply.status(403).send('Forbidden');
    }
    // A grant made for a session only works with that session's cookie or bearer token.
    if (grant.sessionId !== null && request.session?.id !== grant.sessionId) {
      return reply.status(403).send('Forbidden');
    }
    reply.header('cache-control', 'private, max-age=3600');
    return reply.sendFile(file, deps.mediaRoot, { cacheControl: false });
  });
}
