import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { sql } from 'kysely';
import { buildOpenApiDocument } from '../openapi';
import { registerErrorHandler } from './error-handler';
import { registerUrlLimit } from './http-limits';
import { registerReadiness } from './readiness';
import { registerSecurityHeaders } from './security-headers';

export type SecurityHeaders = ReturnType<typeof registerSecurityHeaders>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers a route answers with, for answers made before routing (decision 039). */
    securityHeaders: SecurityHeaders;
  }
}

/**
 * HTTP for every route: URL limit, security headers (decision 031), cookies, forms, the static
 * sender, the error envelope, request ids, health and readiness (decision 038), the API's docs.
 */
export const httpPlugin = fp<{ stepAside(): void }>(
  async (app, opts) => {
    const { config } = app;
    registerUrlLimit(app);
    // CSP and the other security headers on pages and API (decision 031); the card processor's
    // page is the one other place a form of the web app posts to.
    const securityHeaders = registerSecurityHeaders(app, {
      isHttps: config.isHttps,
      tagHosts: config.marketingTagHosts,
      formActions: [
        ...new Set(
          [config.publicUrl, config.billing.creditCard?.gatewayUrl].flatMap((url) =>
            url ? [new URL(url).origin] : [],
          ),
        ),
      ],
    });
    app.decorate('securityHeaders', securityHeaders);
    await app.register(fastifyCookie);
    // One static sender; every route names its own root (web build or media) per call.
    await app.register(fastifyStatic, { root: config.dataDir, serve: false });
    await app.register(fastifyFormbody);
    registerErrorHandler(app);
    app.get('/healthz', { config: { access: 'public' } }, async (_request, reply) => {
      await sql`select 1`.execute(app.db);
      return reply.send({ status: 'ok', database: app.database.dialect });
    });
    // The request id goes back to the caller, so a viewer's report or a proxy log finds our lines.
    app.addHook('onSend', async (request, reply) => void reply.header('x-request-id', request.id));
    // Closing: every request gets Fastify's answer (503 while it drains its connections).
    app.addHook('preClose', async () => opts.stepAside());
    registerReadiness(app, app.db as never);
    await app.register(fastifySwagger, {
      mode: 'static',
      specification: { document: buildOpenApiDocument(config.publicUrl) as never },
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'playz-http', dependencies: ['playz-foundation'] },
);
