import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/connect';
import accounts from './modules/accounts';
import alerts from './modules/alerts';
import billing from './modules/billing';
import catalogue from './modules/catalogue';
import drm from './modules/drm';
import link from './modules/link';
import live from './modules/live';
import playback from './modules/playback';
import recovery from './modules/recovery';
import remote from './modules/remote';
import seo from './modules/seo';
import service from './modules/service';
import sso from './modules/sso';
import staff from './modules/staff';
import audience from './modules/audience';
import type { StreamSigner } from './streaming/stream-signing';
import { eventsPlugin } from './plugins/events.plugin';
import { foundationPlugin } from './plugins/foundation.plugin';
import { createHotRoutes } from './plugins/hot-routes';
import { httpLimitOptions } from './plugins/http-limits';
import { httpPlugin } from './plugins/http.plugin';
import { jobsPlugin } from './plugins/jobs.plugin';
import { limiterPlugin } from './plugins/limiter.plugin';
import { metricsPlugin } from './plugins/metrics.plugin';
import { redisPlugin } from './plugins/redis.plugin';
import { loggerOptions, requestIdGenerator } from './plugins/request-identity';
import { sessionsPlugin } from './plugins/sessions.plugin';
import { streamingPlugin } from './plugins/streaming.plugin';

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

/**
 * Builds the whole server without listening (tests use inject): the infrastructure plugins, then
 * the modules, each one Fastify plugin that decorates its public service (docs/architecture.md,
 * decision 054). A module reads what it needs from the app; a module registered later is read at
 * call time only.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  // Live manifest reloads and GET /data are answered from memory before Fastify when they can be
  // (decision 039): the hot routes sit in the HTTP server Fastify listens on.
  const hotRoutes = createHotRoutes();
  const requestIdOf = requestIdGenerator(config.trustedProxies);
  const app = Fastify({
    serverFactory: hotRoutes.serverFactory,
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, config.prettyLogs),
    genReqId: requestIdOf,
    // Only configured proxies may say who the client is (TRUSTED_PROXIES, decision 038).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 64 * 1024,
    // Malformed URLs and oversized requests are answered with the envelope too (decision 031).
    ...httpLimitOptions,
  });
  // A node that falls behind refuses new connections rather than growing with them (decision 126).
  if (config.maxConnections > 0) app.server.maxConnections = config.maxConnections;
  const { database, streamSecret, now } = deps;
  await app.register(foundationPlugin, {
    config,
    database,
    streamSecret,
    now,
    addHotRoute: hotRoutes.add,
    requestIdOf,
  });
  await app.register(redisPlugin, { keyPrefix: deps.redisKeyPrefix });
  await app.register(eventsPlugin);
  await app.register(limiterPlugin);
  await app.register(httpPlugin, { stepAside: hotRoutes.stepAside });
  await app.register(sessionsPlugin);
  await app.register(streamingPlugin, {
    signer: deps.streamSigner,
    // Manifests are served to whoever holds their URL while the session that asked for it is
    // signed in, entitled and holds its device place (decision 022).
    accessOf: (customerId) => app.playback.accessOf(customerId),
  });
  await app.register(jobsPlugin);
  await app.register(metricsPlugin);
  // The modules, in the order their registration needs each other (the rest is read at call time).
  for (const module of [
    sso,
    accounts,
    service,
    recovery,
    link,
    remote,
    catalogue,
    playback,
    live,
    drm,
    billing,
    alerts,
    seo,
    staff,
    audience,
  ])
    await app.register(module);
  return app;
}
