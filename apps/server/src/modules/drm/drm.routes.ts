import type { FastifyInstance } from 'fastify';
import { endpoints } from '@playz/api-contract';
import { registerEndpoint } from '../../lib/register-endpoint';
import type { ClearKeyRequest, DrmService } from './drm.service';

/** The token step on the API (envelope), under /api/1.2 (spec 2 §7). */
export function registerDrmApi(api: FastifyInstance, deps: { drm: DrmService; checkResponses: boolean }) {
  registerEndpoint(
    api,
    endpoints.getDrmLicenseToken,
    async ({ query, body }) =>
      deps.drm.issueToken({
        grant: query.grant,
        contentAccessMode: body.contentAccessMode,
        contentSecurityId: body.contentSecurityId,
      }),
    { checkResponses: deps.checkResponses },
  );
}

/**
 * `POST /drm/license?licenseToken=…`: the ClearKey licence server. Its body and answer are the
 * CDM's own JSON (W3C EME ClearKey), not the API envelope: the browser hands them over as they are.
 */
export function registerLicenceServer(app: FastifyInstance, deps: { drm: DrmService }) {
  // CDMs send their JSON as raw bytes, often with no content type at all: read any body as
  // text, small (this scope serves media GETs otherwise, which have none).
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  const licence = { config: { access: 'licence-token' as const } };
  app.post<{ Querystring: { licenseToken?: string }; Body: unknown }>(
    '/drm/license',
    licence,
    async (request, reply) => {
      const token = typeof request.query.licenseToken === 'string' ? request.query.licenseToken : '';
      const body = (typeof request.body === 'string' ? safeJson(request.body) : request.body) as ClearKeyRequest | null;
      const licence = token && body ? deps.drm.licence(token, body) : null;
      reply.header('cache-control', 'no-store');
      if (!licence) return reply.status(403).send({ error: 'licence refused' });
      return reply.send(licence);
    },
  );
}

/**
 * `POST /drm/license/{widevine|fairplay}?licenseToken=…`: the licence proxy for commercial DRM
 * (decision 024). The token is checked (genuine, unexpired, unused) before the CDM's request
 * goes to the configured licence server, with the key id it was given for.
 */
export function registerLicenceProxy(
  app: FastifyInstance,
  deps: { drm: DrmService; upstreams: Record<string, string | null>; fetcher?: typeof fetch },
) {
  app.post<{ Params: { system: string }; Querystring: { licenseToken?: string }; Body: unknown }>(
    '/drm/license/:system',
    { config: { access: 'licence-token' } },
    async (request, reply) => {
      const upstream = deps.upstreams[request.params.system];
      if (!upstream) return reply.status(404).send({ error: 'no such licence server' });
      const kid = deps.drm.redeemToken(
        typeof request.query.licenseToken === 'string' ? request.query.licenseToken : '',
      );
      reply.header('cache-control', 'no-store');
      if (!kid) return reply.status(403).send({ error: 'licence refused' });
      const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? '');
      const answer = await (deps.fetcher ?? fetch)(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-playz-key-id': kid },
        body,
      }).catch(() => null);
      if (!answer) return reply.status(502).send({ error: 'licence server unreachable' });
      return reply
        .status(answer.ok ? 200 : 502)
        .type(answer.headers.get('content-type') ?? 'application/octet-stream')
        .send(Buffer.from(await answer.arrayBuffer()));
    },
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
