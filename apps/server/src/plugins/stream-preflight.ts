import type { FastifyInstance } from 'fastify';

/** Preflight answers are the same for every stream URL: a browser may keep them a day. */
const PREFLIGHT_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['access-control-allow-methods', 'GET, HEAD, POST, OPTIONS'],
  // What players send: a byte range (a download resumed, an fMP4 index) and a licence's body type.
  ['access-control-allow-headers', 'Range, If-Range, Content-Type'],
  ['access-control-max-age', '86400'],
  ['cache-control', 'public, max-age=86400'],
];

/**
 * `OPTIONS` on stream URLs (decision 051): a player of another origin asks before a ranged GET or
 * a licence POST (a JSON or binary body is not a "simple" request). Answered 204 for any origin,
 * credentials never; Access-Control-Allow-Origin itself comes with every stream route's headers
 * (security-headers.ts). No session is read: the signed URL or the licence token is the authority.
 */
export function registerStreamPreflight(app: FastifyInstance) {
  for (const url of ['/media/*', '/live/*', '/drm/license', '/drm/license/:system']) {
    app.options(url, { config: { access: 'public' } }, async (_request, reply) => {
      for (const [name, value] of PREFLIGHT_HEADERS) reply.header(name, value);
      return reply.status(204).send();
    });
  }
}
