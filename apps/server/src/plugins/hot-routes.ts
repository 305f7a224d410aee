import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory, FastifyServerOptions } from 'fastify';

/**
 * Answers a request itself and returns true, or returns false to leave it to Fastify; or a
 * promise of either when the answer needs to wait (then nothing may be written before it is whole,
 * and a false goes straight to Fastify).
 */
export type HotRoute = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

/**
 * Requests answered before Fastify (decision 039): the HTTP server Fastify listens on, built the
 * way Fastify builds its own (same http options and time-outs), asks each hot route first. Hot
 * routes are added once the modules exist; while the server drains (SIGTERM) they step aside so
 * every request gets Fastify's closing answer. `app.inject` (the API tests) never passes here:
 * tests of a hot route listen on a port.
 */
export function createHotRoutes() {
  const routes: HotRoute[] = [];
  let closing = false;
  const serverFactory: FastifyServerFactory = (
    handler,
    options: FastifyServerOptions & { http?: http.ServerOptions },
  ) => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!closing) {
        for (const route of routes) {
          const answered = route(request, response);
          if (answered === false) continue;
          if (answered !== true) {
            const full = () => handler(request, response);
            answered.then((done) => done || full(), full);
          }
          return;
        }
      }
      handler(request, response);
    });
    // What Fastify sets on the server it makes itself (fastify/lib/server.js).
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    add(route: HotRoute) {
      routes.push(route);
    },
    stepAside() {
      closing = true;
    },
  };
}
