import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StreamSigner } from './stream-signing';

/** Artwork and teasers are public; manifests and segments are served only through a grant. */
const PUBLIC_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.svg', '.mp4', '.vtt']);
const STREAM_EXTENSIONS = new Set(['.m3u8', '.mpd', '.m4s', '.mp4', '.vtt']);
const GRANT_PREFIX = 's/';

export function registerMediaRoutes(app: FastifyInstance, deps: { mediaRoot: string; signer: StreamSigner }) {
  function servePublic(file: string, reply: FastifyReply) {
    if (!PUBLIC_EXTENSIONS.has(path.extname(file).toLowerCase())) return reply.status(404).send('Not found');
    return reply.sendFile(file, deps.mediaRoot, { maxAge: 24 * 3600 * 1000 });
  }

  /** `/media/s/{grant}/{folder}/{file}` (decision 006). */
  function serveGranted(rest: string, request: FastifyRequest, reply: FastifyReply) {
    const slash = rest.indexOf('/');
    const token = slash > 0 ? rest.slice(0, slash) : '';
    const file = path.posix.normalize(rest.slice(slash + 1));
    const grant = token ? deps.signer.verify(token, Math.floor(Date.now() / 1000)) : null;
    const isInside = grant !== null && file.startsWith(`${grant.prefix}/`) && !file.includes('..');
    // A grant made for a session only works with that session's cookie or bearer token.
    const isOwner = grant !== null && (grant.sessionId === null || request.session?.id === grant.sessionId);
    if (!isInside || !isOwner || !STREAM_EXTENSIONS.has(path.extname(file).toLowerCase())) {
      return reply.status(403).send('Forbidden');
    }
    reply.header('cache-control', 'private, max-age=3600');
    return reply.sendFile(file, deps.mediaRoot, { cacheControl: false });
  }

  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const rest = request.params['*'];
    return rest.startsWith(GRANT_PREFIX)
      ? serveGranted(rest.slice(GRANT_PREFIX.length), request, reply)
      : servePublic(rest, reply);
  });
}
