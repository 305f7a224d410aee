import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import type { HotRoute } from './hot-routes';
import { registerRouteAccess } from './route-access';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The connection and its dialect; `db` is its query builder. */
    database: Db;
    db: Kysely<Database>;
    /** The app's clock: tests move it, production reads the wall clock. */
    now: () => Date;
    /** HMAC key of stream grants; shared by every API node. */
    streamSecret: string;
    /** Outside production every answer is checked against the contract, so drift fails tests. */
    checkResponses: boolean;
    /** Answers made before Fastify routes a request (decision 039): modules add theirs. */
    addHotRoute(route: HotRoute): void;
    /** The request id of a request answered before routing (the same rule as Fastify's). */
    requestIdOf(request: IncomingMessage): string;
  }
}

export interface FoundationOptions {
  config: Config;
  database: Db;
  streamSecret: string;
  now?: () => Date;
  addHotRoute(route: HotRoute): void;
  requestIdOf(request: IncomingMessage): string;
}

/** What every plugin and module reads: settings, database, clock, secret (docs/architecture.md). */
export const foundationPlugin = fp<FoundationOptions>(
  async (app, opts) => {
    // Before any route: every route registered after it must say who may call it (decision 055).
    registerRouteAccess(app);
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.decorate('now', opts.now ?? (() => new Date()));
    app.decorate('streamSecret', opts.streamSecret);
    app.decorate('checkResponses', opts.config.env !== 'production');
    app.decorate('addHotRoute', opts.addHotRoute);
    app.decorate('requestIdOf', opts.requestIdOf);
  },
  { name: 'playz-foundation' },
);
