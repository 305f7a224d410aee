import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { CastService } from './cast.service';

/** The receiver's grant, sent as a bearer token: a header another site cannot add without this route's CORS grant. */
function castGrantOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/**
 * The cast grant and the receiver's resume reports (decision 070). The report answers CORS to
 * any origin without credentials (its headers come with the route's security headers,
 * plugins/security-headers.ts), and its preflight here: a bearer header is not a simple request.
 */
export function registerCastRoutes(app: FastifyInstance, deps: { cast: CastService; checkResponses: boolean }) {
  const opts = { checkResponses: deps.checkResponses };
  registerEndpoint(
    app,
    endpoints.createCastToken,
    async ({ auth, body }) => ({ CastToken: await deps.cast.mint(auth, body.content_id) }),
    opts,
  );
  registerEndpoint(
    app,
    endpoints.setCastPlaybackStatus,
    async ({ body, request }) => ({
      Success: await deps.cast.report(castGrantOf(request), Number(body.playback_time)),
    }),
    opts,
  );
  app.options(endpoints.setCastPlaybackStatus.path, { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'Authorization, Content-Type')
      .header('access-control-max-age', '86400')
      .status(204)
      .send(),
  );
}
