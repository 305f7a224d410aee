import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { sql } from 'kysely';
import { API_BASE_PATH } from '@playz/api-contract';
import { ApiErrorNumber, httpStatusForError } from '@playz/domain';
import type { Config } from './config';
import type { Db } from './db/connect';
import { buildOpenApiDocument } from './openapi';
import { registerCommonParams } from './plugins/common-params';
import { errorEnvelope, registerErrorHandler } from './plugins/error-handler';
import { registerSession, sessionCookieSettings } from './plugins/session';
import { createAccountsRepository } from './modules/accounts/accounts.repository';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createSessionRepository } from './modules/accounts/session.repository';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository';
import { registerCatalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createLandingService } from './modules/catalogue/landing.service';
import { createPageRowsService } from './modules/catalogue/page-rows.service';
import { createClipCatalog } from './modules/playback/clip-catalog';
import { registerMediaRoutes } from './modules/playback/media.routes';
import { registerPlaybackRoutes } from './modules/playback/playback.routes';
import { createPlaybackService } from './modules/playback/playback.service';
import { createStreamSigner } from './modules/playback/stream-signing';
import { createAppDataService } from './modules/service/app-data.service';
import { createServiceRepository } from './modules/service/service.repository';
import { registerServiceRoutes } from './modules/service/service.routes';

export interface AppDeps {
  database: Db;
  /** HMAC key of stream grants; shared by every API node. */
  streamSecret: string;
  now?: () => Date;
}

/** Builds the whole server without listening (tests use inject): CONVENTIONS, Fastify demo split. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: true,
    bodyLimit: 64 * 1024,
  });
  const { db } = deps.database;
  const view = { publicUrl: config.publicUrl };
  const mediaRoot = path.join(config.dataDir, 'media');
  const checkResponses = config.env !== 'production';
  const now = deps.now;

  const sessions = createSessionRepository(db);
  const accounts = createAccountsService({ accounts: createAccountsRepository(db), sessions, now });
  const serviceRepo = createServiceRepository(db);
  const appData = createAppDataService({ repo: serviceRepo, publicUrl: config.publicUrl, now });
  const catalogueRepo = createCatalogueRepository(db);
  const catalogue = createCatalogueService({ repo: catalogueRepo, view, now });
  const pageRows = createPageRowsService({ repo: catalogueRepo, catalogue, view, now });
  const landing = createLandingService({ repo: catalogueRepo, service: serviceRepo, catalogue, view });
  const signer = createStreamSigner(deps.streamSecret);
  const playback = createPlaybackService({ repo: catalogueRepo, clips: createClipCatalog(mediaRoot), signer, now });
  const cookies = sessionCookieSettings(config.isHttps);

  await app.register(fastifyCookie);
  // One static sender; every route names its own root (web build or media) per call.
  await app.register(fastifyStatic, { root: config.dataDir, serve: false });
  await app.register(fastifyFormbody);
  registerErrorHandler(app);
  registerSession(app, { sessions, cookies, publicUrl: config.publicUrl });

  app.get('/healthz', async (_request, reply) => {
    await sql`select 1`.execute(db);
    return reply.send({ status: 'ok', database: deps.database.dialect });
  });

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(config.publicUrl) as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      registerCommonParams(api);
      registerServiceRoutes(api, { appData, accounts, checkResponses });
      registerAccountsRoutes(api, { accounts, cookies, checkResponses });
      registerCatalogueRoutes(api, { catalogue, pageRows, landing, checkResponses });
      registerPlaybackRoutes(api, { playback, accounts, checkResponses });
    },
    { prefix: API_BASE_PATH },
  );

  await app.register(async (media) => registerMediaRoutes(media, { mediaRoot, signer }));
  registerWebApp(app, config.webDistDir);
  return app;
}

/**
 * The built web app, with the SPA fallback: any GET that is not an API or media path gets
 * index.html and the client router decides (its not-found page included). Unknown API paths
 * get error 6 (spec 1 §8, HTTP 404).
 */
function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/')) {
      const number = ApiErrorNumber.ActionNotFound;
      return reply.status(httpStatusForError(number)).send(errorEnvelope(number, request.common?.locale ?? 'fr'));
    }
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    if (isGet && hasWeb && !url.startsWith('/media/')) {
      if (!path.extname(url)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', webDistDir);
      }
      // Vite's hashed assets never change under the same name.
      const isHashed = url.startsWith('/assets/');
      return reply.sendFile(decodeURIComponent(url), webDistDir, {
        maxAge: isHashed ? 31536000000 : 3600000,
        immutable: isHashed,
      });
    }
    return reply
      .status(404)
      .type('text/plain')
      .send(hasWeb ? 'Not found' : 'Not found (the web app is not built: npm run build)');
  });
}
