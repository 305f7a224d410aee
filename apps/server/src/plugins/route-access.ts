import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { isRouteAccess, type RouteAccess } from '../lib/access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (decision 055); every route has one, or the server does not start. */
    access?: RouteAccess;
  }
}

/**
 * Routes whose code cannot carry a route config, declared here by their URL: those a third-party
 * plugin registers (Swagger UI under /api/docs, the payment stand-ins under /sandbox). Every other
 * route declares its access where it is registered: the contract for API calls, `config.access`
 * for the rest.
 */
export const ROUTES_DECLARED_HERE: readonly {
  /** Exact URL, or a prefix when it ends with `/`. */
  url: string;
  methods: readonly string[];
  access: RouteAccess;
}[] = [
  { url: '/api/docs', methods: ['GET', 'HEAD'], access: 'public' },
  { url: '/api/docs/', methods: ['GET', 'HEAD'], access: 'public' },
  // Demo mode only (decision 047): each stand-in answers as its provider's API, with its checks.
  { url: '/sandbox/', methods: ['GET', 'HEAD', 'POST'], access: 'stand-in' },
];

export function declaredHere(method: string, url: string): RouteAccess | undefined {
  return ROUTES_DECLARED_HERE.find(
    (entry) =>
      entry.methods.includes(method) && (entry.url.endsWith('/') ? url.startsWith(entry.url) : url === entry.url),
  )?.access;
}

export class RouteWithoutAccessError extends Error {
  constructor(method: string, url: string, value: unknown) {
    super(
      value === undefined
        ? `${method} ${url} declares no access: give it config.access (decision 055)`
        : `${method} ${url} declares an unknown access ${JSON.stringify(value)} (decision 055)`,
    );
  }
}

/** The access level of the route a request matched; undefined when it matched none. */
export function accessOfRoute(request: FastifyRequest): RouteAccess | undefined {
  const { config, url } = request.routeOptions;
  return config.access ?? (url === undefined ? undefined : declaredHere(request.method, url));
}

const CHECKED = 'routeAccessChecked';

/**
 * Every route registered from now on must say who may call it: a route without an access level
 * stops the server's start, so none is open by omission. Register it before any route; a second
 * call on the same instance does nothing. The route listing test (test/route-access.api.test.ts)
 * checks every route, whenever it was registered.
 */
export function registerRouteAccess(app: FastifyInstance) {
  if (app.hasDecorator(CHECKED)) return;
  app.decorate(CHECKED, true);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const access = route.config?.access ?? declaredHere(method, route.url);
      if (!isRouteAccess(access)) throw new RouteWithoutAccessError(method, route.url, route.config?.access);
      route.config = { ...route.config, access };
    }
  });
}
