import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { sql } from 'kysely';
import { API_BASE_PATH, endpoints } from '@playz/api-contract';
import type { Config } from './config';
import type { Db } from './db/connect';
import { buildOpenApiDocument } from './openapi';
import { createMemoryRateLimitStore, createRateLimiter } from './lib/rate-limiter';
import { connectRedis } from './lib/redis-client';
import { createRedisRateLimitStore } from './lib/redis-rate-limit-store';
import { connectTableGenerations } from './lib/table-generations';
import { registerCommonParams } from './plugins/common-params';
import { registerCrossSiteGuard } from './plugins/cross-site-gets';
import { registerErrorHandler } from './plugins/error-handler';
import { createHotRoutes } from './plugins/hot-routes';
import { registerMetrics } from './plugins/metrics';
import { createJobStats, startJobs, superviseIngestsOnce } from './jobs';
import { deploymentJobs } from './jobs/deployment-jobs';
import { registerReadiness } from './plugins/readiness';
import { loggerOptions, requestIdGenerator } from './plugins/request-identity';
import { httpLimitOptions, MAX_URL_LENGTH, registerUrlLimit } from './plugins/http-limits';
import { envelopeParts } from './lib/serialized-answer';
import { checkSerialized } from './lib/register-endpoint';
import { registerNoStore, registerSecurityHeaders } from './plugins/security-headers';
import { registerSession, sessionCookieSettings } from './plugins/session';
import { registerStreamPreflight } from './plugins/stream-preflight';
import { createAccountsModule } from './modules/accounts/accounts.module';
import { createBillingModule } from './modules/billing';
import { createConfiguredPaidMessages } from './adapters/paid-messages';
import { callerOf, sendSession } from './modules/accounts/caller';
import { createSessionRepository } from './modules/accounts/session.repository';
import type { StartSession } from './modules/sso/sso.service';
import { createLinkModule } from './modules/link/link.module';
import { createRemoteModule } from './modules/remote';
import { createRecoveryModule } from './modules/recovery/recovery.module';
import { createSsoModule } from './modules/sso/sso.module';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository';
import { registerCatalogueRoutes } from './modules/catalogue/catalogue.routes';
import { createCatalogueCache } from './modules/catalogue/catalogue-cache';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createLandingService } from './modules/catalogue/landing.service';
import { createCatalogueBrowse } from './modules/catalogue/catalogue-browse.module';
import { createClipCatalog } from './modules/playback/clip-catalog';
import { createDeviceLeaseRepository } from './modules/playback/device-lease.repository';
import { createRedisDeviceLeaseStore } from './modules/playback/device-lease-redis-store';
import { registerDeviceLeaseRoutes } from './modules/playback/device-lease.routes';
import { createMemoryDeviceLeaseStore } from './modules/playback/device-lease-store';
import { createDeviceLeases } from './modules/playback/device-leases';
import { createSeoPagesService } from './modules/seo/seo-pages.service';
import { createSeoRepository } from './modules/seo/seo.repository';
import { registerWebApp } from './modules/seo/web-app.routes';
import { registerTvApp } from './modules/seo/tv-app.routes';
import { registerMediaRoutes } from './modules/playback/media.routes';
import { registerMediaGrantRoute } from './modules/playback/media-grant.routes';
import { registerPlaybackRoutes } from './modules/playback/playback.routes';
import { createPlaybackService } from './modules/playback/playback.service';
import { createStreamCalls } from './modules/playback/stream-calls';
import { createStreamSigner, type StreamSigner } from './modules/playback/stream-signing';
import { accessOfCustomer } from './modules/playback/customer-access';
import { createStreamAuthority, type AuthorityEvent } from './modules/playback/stream-authority';
import { createRedisNodeBus } from './lib/node-bus';
import { createLiveModule, type IngestSupervisor } from './modules/live';
import { createDrmModule } from './modules/drm';
import { createLiveEventStreams } from './modules/live/live-event-streams';
import { registerLiveEventRoutes } from './modules/live/live.routes';
import { createAppDataService } from './modules/service/app-data.service';
import { createServiceRepository } from './modules/service/service.repository';
import { createDataHotPath } from './modules/service/data-hot-path';
import { createDataAnswer, registerServiceRoutes } from './modules/service/service.routes';
import { registerServicePagesRoutes } from './modules/service/service-pages.routes';
import { createServicePagesService } from './modules/service/service-pages.service';

export interface AppDeps {
  database: Db;
  /** HMAC key of stream grants; shared by every API node. */
  streamSecret: string;
  now?: () => Date;
  /** Prefix of every Redis key (default `playz:`); tests give each app its own. */
  redisKeyPrefix?: string;
  /**
   * The stream grants' signer, when not the HMAC one of `streamSecret`: the signing benchmark
   * (bench/src/signing) builds a second app whose grants are not signed, to weigh signing alone.
   */
  streamSigner?: StreamSigner;
}

/** Builds the whole server without listening (tests use inject): CONVENTIONS, Fastify demo split. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  // Live manifest reloads are answered from memory before Fastify when they can be (decision 039).
  const hotRoutes = createHotRoutes();
  const requestId = requestIdGenerator(config.trustedProxies);
  const app = Fastify({
    serverFactory: hotRoutes.serverFactory,
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, config.prettyLogs),
    genReqId: requestId,
    // Only configured proxies may say who the client is (TRUSTED_PROXIES, decision 038).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 64 * 1024,
    // Malformed URLs and oversized requests are answered with the envelope too (decision 031).
    ...httpLimitOptions,
  });
  const { db } = deps.database;
  const view = { publicUrl: config.publicUrl };
  const mediaRoot = path.join(config.dataDir, 'media');
  const checkResponses = config.env !== 'production';
  const now = deps.now;
  // With REDIS_URL, attempt counters and device leases live in Redis, so every API node behind a
  // load balancer counts against the same numbers (ARCHITECTURE decision 2, decision 018).
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, {
        keyPrefix: deps.redisKeyPrefix ?? 'playz:',
        onError: (error) => app.log.error({ err: error }, 'redis connection'),
      })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  // Write counters per table, for read caches that must never serve a changed row (decision 037).
  const tableWrites = connectTableGenerations({
    ...{ database: deps.database, redis },
    onError: (error) => app.log.error({ err: error }, 'table write counters'),
  });
  app.addHook('onClose', async () => tableWrites.stop());
  // One attempt counter for every guarded call (log-in, register, recovery, link codes, parental
  // code): lib/rate-limiter.ts.
  const limiter = createRateLimiter(redis ? createRedisRateLimitStore(redis) : createMemoryRateLimitStore(), () =>
    (now?.() ?? new Date()).getTime(),
  );
  // Simultaneous View streams per account (spec 1 §6 devices-limit dialog, decision 018).
  const deviceLeaseRepository = createDeviceLeaseRepository(db, now);
  const leaseStore = redis ? createRedisDeviceLeaseStore(redis) : createMemoryDeviceLeaseStore();
  const leases = createDeviceLeases({
    store: leaseStore,
    limit: config.maxSimultaneousDevices,
    liveSessions: deviceLeaseRepository.liveSessions,
    now,
  });

  const sessions = createSessionRepository(db, tableWrites.generations);
  // Every way a session ends frees its device place at once (decision 018). A failed release is
  // logged, not the caller's failure: the take's own check and the 3-minute lease catch it.
  sessions.onEnded((scope) =>
    leases.sessionsEnded(scope).catch((error: unknown) => app.log.error({ err: error }, 'device lease release failed')),
  );
  // Recovery, social sign-on and TV link codes (decisions 011, 012; modules/recovery, sso, link).
  const endSessions = (customerId: number) => sessions.deleteAllOfCustomer(customerId);
  // Every SMS and mail that costs money goes through one budget, per recipient, account and
  // address, counted in the limiter's store so it holds across API nodes (decision 050).
  const messages = createConfiguredPaidMessages({ config, limiter, now: () => (now?.() ?? new Date()).getTime() });
  const recoveryModule = createRecoveryModule({ db, config, limiter, messages, log: app.log, endSessions, now });
  // Sessions start through the accounts module (device registered), called at request time.
  const startSession: StartSession = (customerId, device) => accounts.startSession(customerId, device);
  const ssoModule = createSsoModule({ db, config, sessions, startSession, log: app.log, now });
  const linkModule = createLinkModule({ db, startSession, limiter, publicUrl: config.publicUrl, now });
  // Remote control (decision 034): the WebSocket hub (over Redis with REDIS_URL), its link codes.
  const remote = await createRemoteModule({
    ...{ db, sessions, redis, limiter, publicUrl: config.publicUrl, secret: deps.streamSecret, log: app.log, now },
  });
  // Account management; application data is read lazily, it is built just below.
  const accountsModule = createAccountsModule({
    ...{ db, sessions, limiter, getApp: () => appData.getApp(), serverSecret: deps.streamSecret, now },
    generations: tableWrites.generations,
  });
  const accounts = accountsModule.accounts;
  const serviceRepo = createServiceRepository(db);
  const appData = createAppDataService({
    ...{ repo: serviceRepo, publicUrl: config.publicUrl, now },
    singleSignOns: () => ssoModule.sso.singleSignOns(),
    demoPayments: config.billing.standIns,
  });
  const servicePages = createServicePagesService({
    repo: serviceRepo,
    getApp: (locale) => appData.getApp(locale),
    limiter,
    now,
  });
  const catalogueRepo = createCatalogueRepository(db);
  // One catalogue cache for the whole app: one version check serves every catalogue read.
  const catalogueCache = createCatalogueCache(db);
  // Live TV (decision 022); built before the catalogue, which shows Stream channels' state.
  const signer = deps.streamSigner ?? createStreamSigner(deps.streamSecret);
  const accessOf = async (session: { id: string; customerId: number } | null) =>
    session ? accessOfCustomer(await accounts.customerById(session.customerId), now?.() ?? new Date()) : [];
  // Manifests are served to whoever holds their URL, as long as the session that asked for it
  // is signed in, entitled and holds its device place (decision 022).
  // With several nodes, a stop, a refusal or an ended session seen by one reaches the others
  // through Redis (decision 022 addendum).
  const authorityBus = redis
    ? await createRedisNodeBus<AuthorityEvent & { node: string }>(redis, 'stream-authority', (error) =>
        app.log.error({ err: error }, 'stream authority bus'),
      )
    : undefined;
  if (authorityBus) app.addHook('onClose', () => authorityBus.close());
  const authority = createStreamAuthority({
    liveSessions: deviceLeaseRepository.liveSessions,
    accessOf: (customerId) => accessOf({ id: '', customerId }),
    leases,
    bus: authorityBus,
    now,
  });
  sessions.onEnded(async (scope) => authority.sessionsEnded(scope));
  const live = createLiveModule({
    ...{ db, mediaRoot, signer, leases, authority, segmentGrantSeconds: config.segmentGrantSeconds, now },
  });
  const catalogue = createCatalogueService({
    ...{ repo: catalogueRepo, view, now, cache: catalogueCache },
    streamStateOf: live.streamStateOf,
  });
  const clips = createClipCatalog(mediaRoot);
  const catalogueBrowse = createCatalogueBrowse({
    ...{ db, dialect: deps.database.dialect, repo: catalogueRepo, catalogue, service: serviceRepo, clips, view, now },
    cache: catalogueCache,
    generations: tableWrites.generations,
    isDummyOn: config.billing.stores.dummy,
  });
  const pageRows = catalogueBrowse.pageRows;
  const landing = createLandingService({ repo: catalogueRepo, service: serviceRepo, catalogue, view });
  // A live event plays its channel, its replay or its countdown media.
  const liveEvents = createLiveEventStreams({
    getLiveEvent: catalogueBrowse.getLiveEvent,
    channelStream: live.streams.channelStream,
    contentStream: (input) => playback.getAdaptiveStream(input),
  });
  const drmModule = createDrmModule({
    ...{ dataDir: config.dataDir, secret: deps.streamSecret, signer, authority, clips, now },
    proxies: config.drmProxies,
  });
  const playback = createPlaybackService({
    ...{ repo: catalogueRepo, clips, signer, leases, authority, now, drmProxies: config.drmProxies },
    programmeStream: live.streams.programmeStream,
  });
  // Content URLs, TV URL, formats and downloads (spec 2 §7, decision 023).
  const streamCalls = createStreamCalls({
    ...{ repo: catalogueRepo, clips, playback, signer, mediaRoot, publicUrl: config.publicUrl, now },
    ...{ leases, authority, segmentGrantSeconds: config.segmentGrantSeconds },
  });
  const cookies = sessionCookieSettings(config.isHttps);
  // Billing (spec 3, decision 025): checkout, providers, exactly-once events, unsubscribe; kids
  // profiles may not manage the subscription.
  const billingModule = createBillingModule({
    ...{ db, now, config: config.billing, publicUrl: config.publicUrl, log: app.log, limiter },
    messages,
    assertNotKidsProfile: (session) => accountsModule.profiles.assertNotKidsProfile(session),
    customerForMsisdn: (msisdn) => accountsModule.customerForMsisdn(msisdn),
    purchasableLabel: async ({ contentType, contentTypeID }) => {
      if (contentType === 'Content') return (await catalogueRepo.getContent(contentTypeID))?.title ?? null;
      if (contentType === 'ContentList') return (await catalogueRepo.getList(contentTypeID))?.name ?? null;
      return (await catalogueBrowse.getLiveEvent(String(contentTypeID)).catch(() => null))?.name ?? null;
    },
    signInCustomer: async (request, reply, customerId) => {
      sendSession(request, reply, cookies, await accounts.startSession(customerId, callerOf(request).device));
      return (await accounts.customerById(customerId))?.login ?? null;
    },
    customerById: (customerId, sessionId) => accounts.customerById(customerId, sessionId),
  });

  registerUrlLimit(app);
  // CSP and the other security headers on pages and API (decision 031); the card processor's
  // page is the one other place a form of the web app posts to.
  const securityHeaders = registerSecurityHeaders(app, {
    isHttps: config.isHttps,
    formActions: [
      ...new Set(
        [config.publicUrl, config.billing.creditCard?.gatewayUrl].flatMap((url) => (url ? [new URL(url).origin] : [])),
      ),
    ],
  });
  await app.register(fastifyCookie);
  // One static sender; every route names its own root (web build or media) per call.
  await app.register(fastifyStatic, { root: config.dataDir, serve: false });
  await app.register(fastifyFormbody);
  registerErrorHandler(app);
  registerSession(app, { sessions, cookies, publicUrl: config.publicUrl, now });

  // Periodic jobs (decision 038): once across the API nodes through BullMQ with REDIS_URL, on
  // this process's timers without it. Test apps (many per process) keep the timers: the queue is
  // tested on its own (test/jobs-*.test.ts) and across real nodes by npm run test:cluster.
  const jobStats = createJobStats();
  const billingOutcomes = new Map<string, number>();
  const jobs = await startJobs(
    deploymentJobs({
      db,
      billingJob: config.billing.runJob ? billingModule.job : null,
      outboxDir: path.join(config.dataDir, 'outbox'),
      outboxMaxAgeMs: config.outboxMaxAgeDays * 24 * 3600 * 1000,
      now: () => now?.() ?? new Date(),
      onBillingOutcome: (outcome, count) => billingOutcomes.set(outcome, (billingOutcomes.get(outcome) ?? 0) + count),
    }),
    {
      redisUrl: config.env === 'test' ? null : config.redisUrl,
      redisKeyPrefix: deps.redisKeyPrefix ?? 'playz:',
      log: app.log,
      stats: jobStats,
    },
  );
  app.addHook('onClose', async () => jobs.stop());
  // Stream channels' encoders (decision 041) on the nodes LIVE_INGEST allows; with Redis each channel's
  // on one of them only, the holder of its lock (decision 038); stopped with the server.
  let ingests: () => readonly IngestSupervisor[] = () => [];
  let stopIngests = async () => {};
  if (config.liveIngest && redis) {
    const supervised = superviseIngestsOnce(redis, await live.ingestStarters(config.ffmpegPath, app.log), {
      onError: (error) => app.log.error({ err: error }, 'live ingest lock'),
    });
    ingests = supervised.running;
    stopIngests = supervised.stop;
  } else if (config.liveIngest) {
    const started = await live.startIngests(config.ffmpegPath, app.log);
    ingests = () => started;
    stopIngests = async () => void (await Promise.all(started.map((ingest) => ingest.stop())));
  }
  // Shutdown calls it first (main.ts), so no encoder restarts during the drain; close calls it
  // again, a no-op then. It resolves once every encoder has exited (decision 048).
  app.decorate('stopChildProcesses', () => stopIngests());
  app.addHook('onClose', async () => stopIngests());
  const liveHotPath = { served: () => 0 };
  const dataAnswer = createDataAnswer({ appData, accounts });
  const dataHeaders = securityHeaders.headersOfRoute(`${API_BASE_PATH}/data`);
  const dataHotPath = createDataHotPath({
    cookieName: cookies.name,
    maxUrlLength: MAX_URL_LENGTH,
    findSession: (token) => sessions.findValid(token, now?.() ?? new Date()),
    answer: async (session, common) => {
      const answer = await dataAnswer(session, common);
      if (checkResponses) checkSerialized(endpoints.getData, answer);
      return envelopeParts(answer);
    },
    headersOf: (request) => [...dataHeaders, ['x-request-id', requestId(request)]],
    observe: (seconds) => metrics.observeRequest(`${API_BASE_PATH}/data`, 'GET', 200, seconds),
  });
  hotRoutes.add(dataHotPath.answer);
  const metrics = registerMetrics(app, {
    ...{ token: config.metricsToken, ingests },
    liveManifestsFromMemory: () => liveHotPath.served(),
    dataFromMemory: () => dataHotPath.served(),
    remoteConnections: () => remote.hub.connections(),
    jobs: { stats: jobStats, deadLetters: () => jobs.deadLetterCount() },
    billingOutcomes: () => billingOutcomes,
    activeStreams: () => leaseStore.countActive((now?.() ?? new Date()).getTime()),
  });

  app.get('/healthz', async (_request, reply) => {
    await sql`select 1`.execute(db);
    return reply.send({ status: 'ok', database: deps.database.dialect });
  });
  // The request id goes back to the caller, so a viewer's report or a proxy log finds our lines.
  app.addHook('onSend', async (request, reply) => void reply.header('x-request-id', request.id));
  // Closing: every request gets Fastify's answer (503 while it drains its connections).
  app.addHook('preClose', async () => hotRoutes.stepAside());
  registerReadiness(app, db as never);

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(config.publicUrl) as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      registerCommonParams(api);
      registerCrossSiteGuard(api);
      registerNoStore(api);
      registerServiceRoutes(api, { answer: dataAnswer, hotPath: dataHotPath, checkResponses });
      accountsModule.registerRoutes(api, { cookies, checkResponses, sso: ssoModule.sso });
      registerServicePagesRoutes(api, { pages: servicePages, checkResponses });
      recoveryModule.registerApi(api, checkResponses);
      ssoModule.registerApi(api, cookies);
      linkModule.registerApi(api, cookies, checkResponses);
      registerCatalogueRoutes(api, { catalogue, pageRows, landing, checkResponses });
      catalogueBrowse.register(api, checkResponses);
      registerPlaybackRoutes(api, { playback, streamCalls, accounts, limiter, checkResponses, now });
      registerLiveEventRoutes(api, { liveEventStream: liveEvents.liveEventStream, accessOf, checkResponses });
      registerDeviceLeaseRoutes(api, { leases, authority, checkResponses });
      live.registerApi(api, accessOf, checkResponses);
      drmModule.registerApi(api, checkResponses);
      billingModule.registerApi(api, { checkResponses, secureCookies: config.isHttps });
      remote.registerApi(api, checkResponses);
    },
    { prefix: API_BASE_PATH },
  );

  await app.register(async (media) => {
    registerMediaRoutes(media, { mediaRoot, signer, authority, segmentGrantSeconds: config.segmentGrantSeconds, now });
    // nginx's check before it serves a segment itself (deploy/nginx, decision 038).
    registerMediaGrantRoute(media, { signer, authority, now });
    live.registerMedia(media);
    const liveHeaders = securityHeaders.headersOfRoute('/live/*');
    const hotPath = live.hotPath({
      headersOf: (request) => [...liveHeaders, ['x-request-id', requestId(request)]],
      observe: (seconds) => metrics.observeRequest('/live/*', 'GET', 200, seconds),
    });
    liveHotPath.served = hotPath.served;
    hotRoutes.add(hotPath.answer);
    drmModule.registerLicenceServer(media);
    streamCalls.registerMedia(media);
    // Players of other origins ask before ranged GETs and licence posts (decision 051).
    registerStreamPreflight(media);
  });
  await billingModule.registerRoot(app);
  recoveryModule.registerDev(app);
  const seo = createSeoPagesService(createSeoRepository(db));
  registerTvApp(app, { tvDistDir: config.tvDistDir });
  registerWebApp(app, { webDistDir: config.webDistDir, publicUrl: config.publicUrl, seo });
  return app;
}
