import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { createPreparedHead } from '../../plugins/prepared-head';

/** Query strings a route answered, per route: bounded, a repeat with a new one goes the full way. */
const MAX_QUERIES = 2000;
const ID = /^\d{1,9}$/;

/** One catalogue read a visitor's repeat may get before routing. */
export interface VisitorRead {
  /** The route's pattern, as Fastify and the metrics name it (`/api/1.2/content/:id`). */
  route: string;
  /**
   * The visitor's Response, by the very functions the route answers with: an object the
   * catalogue cache keeps (the same object while it is valid, a new one after a change). It
   * throws whatever the route would refuse with. `request` for what the answer depends on
   * beyond the id: the visitor's language (decision 107).
   */
  read(rawId: string, request: IncomingMessage): Promise<object>;
  /** What `read` would give now when the cache knows it without waiting; undefined otherwise. */
  peek(rawId: string, request: IncomingMessage): object | undefined;
  /** The Response around the read object, as the route wraps it for a visitor. */
  wrap(value: object): object;
}

export interface CatalogueHotPathDeps {
  cookieName: string;
  /** Longer URLs get the route's 414. */
  maxUrlLength: number;
  reads: readonly VisitorRead[];
  /** The security headers the route answers with. */
  headersOfRoute: (route: string) => Iterable<readonly [string, string]>;
  /** The request id the route would give this request. */
  requestIdOf: (request: IncomingMessage) => string;
  /**
   * What counts an answer of `route` as the route's would be counted (its latency histogram, the
   * from-memory count), made once per route: its histogram series bound once (decisions 123, 133).
   */
  recorderOf: (route: string) => (seconds: number) => void;
}

/**
 * Visitors' catalogue reads before routing (decision 097): the same content or collection for
 * every visitor, asked again and again (a content page, a row opened). The route's own read gives
 * the object the catalogue cache keeps for everyone (decision 013: it changes with the catalogue
 * version, which the console's and the CLI's imports bump, seen by every node); its envelope's
 * bytes are made once per such object and kept beside it (a WeakMap: when the cache lets the
 * object go, its bytes go too). So an answer made here is always the bytes the route would send
 * now: the route's data, the route's serialisation (JSON.stringify of the same envelope).
 *
 * Only what the route answers alike for every visitor comes here: no session cookie and no bearer
 * token (a viewer's answer carries their progress, a kids profile sees less: decision 059), no
 * body, GET, an id in the route's shape, a query string the route has answered with 200 (its
 * common parameters then parse, decision 039 addendum). Anything else, and any read that fails
 * (a content not found), goes the full way, which answers and logs it. Answers made here are
 * counted in the route's histogram and `playz_catalogue_from_memory_total`, not logged one by one.
 */
export function createCatalogueHotPath(deps: CatalogueHotPathDeps) {
  const routes = deps.reads.map((read) => {
    const prefix = read.route.slice(0, read.route.indexOf(':id'));
    if (!prefix || !read.route.endsWith(':id'))
      throw new Error(`hot catalogue route without a final :id: ${read.route}`);
    // The route's head made once (decision 133): its security headers, then the content type.
    const head = createPreparedHead([
      ...deps.headersOfRoute(read.route),
      ['content-type', 'application/json; charset=utf-8'],
    ]);
    const record = deps.recorderOf(read.route);
    return { ...read, prefix, head, record, queries: new Set<string>(), bytes: new WeakMap<object, Buffer>() };
  });
  type Route = (typeof routes)[number];

  /** Whether the caller may be someone: then only the route may answer. */
  function mayBeViewer(request: IncomingMessage): boolean {
    if (request.headers.authorization !== undefined) return true;
    const cookie = request.headers.cookie;
    // Any cookie of the session's name, whatever its value or spelling: the full way decides.
    return cookie !== undefined && cookie.includes(deps.cookieName);
  }

  function send(route: Route, value: object, request: IncomingMessage, response: ServerResponse, started: number) {
    let body = route.bytes.get(value);
    if (!body) {
      body = Buffer.from(JSON.stringify(ok(route.wrap(value))));
      route.bytes.set(value, body);
    }
    // The head made once with every header, then the body: one socket write, as the peer's.
    route.head.write(response, deps.requestIdOf(request), body);
    route.record((performance.now() - started) / 1000);
    return true;
  }

  async function readAndSend(
    route: Route,
    rawId: string,
    request: IncomingMessage,
    response: ServerResponse,
    started: number,
  ): Promise<boolean> {
    return send(route, await route.read(rawId, request), request, response, started);
  }

  return {
    answer(request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> {
      if (request.method !== 'GET') return false;
      const url = request.url ?? '';
      if (url.length > deps.maxUrlLength) return false;
      let route: Route | undefined;
      for (const candidate of routes) if (url.startsWith(candidate.prefix)) route = candidate;
      if (!route) return false;
      const at = url.indexOf('?', route.prefix.length);
      const rawId = url.slice(route.prefix.length, at < 0 ? undefined : at);
      if (!ID.test(rawId)) return false;
      if (at >= 0 && !route.queries.has(url.slice(at))) return false;
      // A body (GET allows one) would be parsed by the route: let it.
      if (request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined)
        return false;
      if (mayBeViewer(request)) return false;
      const started = performance.now();
      // Known now (the usual case): answered in this turn, no promise. Else read the route's way;
      // nothing is written before the answer is whole, a failure leaves the request to the route.
      const known = route.peek(rawId, request);
      if (known !== undefined) {
        try {
          return send(route, known, request, response, started);
        } catch {
          // Nothing sent yet: the route answers (and logs) it.
          return response.headersSent;
        }
      }
      return readAndSend(route, rawId, request, response, started).catch(() => false);
    },
    /**
     * Learns the query strings the routes answer with 200 (whoever asked: the common parameters
     * parse alike for all), from a hook on the scope the routes are registered in.
     */
    watch(api: FastifyInstance) {
      api.addHook('onResponse', async (request, reply) => {
        if (request.method === 'GET' && reply.statusCode === 200)
          this.remember(request.routeOptions.url ?? '', request.raw.url ?? '');
      });
    },
    /** The route answered `url` with 200: its query string is known good. */
    remember(route: string, url: string) {
      const known = routes.find((r) => r.route === route);
      const at = url.indexOf('?');
      if (!known || at < 0) return;
      const query = url.slice(at);
      if (known.queries.has(query)) return;
      known.queries.add(query);
      if (known.queries.size > MAX_QUERIES) known.queries.delete(known.queries.values().next().value!);
    },
  };
}
export type CatalogueHotPath = ReturnType<typeof createCatalogueHotPath>;
