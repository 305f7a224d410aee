import type { FastifyInstance } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { API_BASE_PATH } from '@playz/api-contract';

type Directives = Record<string, string[]>;

/**
 * The web app's policy (decision 031): its scripts, styles and fonts are files of its own build;
 * the player (Shaka) plays MediaSource `blob:` URLs and may start `blob:` workers; images are
 * ours, `data:` and `blob:` ones, and the marketing pixels that decision 028 fires by image on
 * any https host; the only form it posts leaves for the card processor's page.
 */
export function webAppDirectives(opts: { formActions: string[]; upgradeInsecureRequests: boolean }): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'form-action': ["'self'", ...opts.formActions],
    'frame-ancestors': ["'none'"],
    ...(opts.upgradeInsecureRequests ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Pages that are not the web app and write their styles inline: the payment stand-ins under
 * /sandbox (other sites' pages in production), the development outbox and the API docs
 * (Swagger UI also shows `data:` images).
 */
const INLINE_STYLE_PREFIXES = ['/sandbox/', '/dev/', '/api/docs'];

/**
 * Security headers on every answer, pages and API alike (issue 10), with @fastify/helmet: the
 * CSP above, X-Content-Type-Options nosniff, Referrer-Policy, X-Frame-Options DENY with
 * frame-ancestors 'none', Cross-Origin-Opener/Resource-Policy, and HSTS over https.
 *
 * Referrer-Policy is strict-origin-when-cross-origin, not helmet's no-referrer: under
 * no-referrer browsers send `Origin: null` with same-origin posts, which the CSRF check refuses.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { isHttps: boolean; formActions: string[] }) {
  const directives = webAppDirectives({ formActions: opts.formActions, upgradeInsecureRequests: opts.isHttps });
  const helmetOptions: FastifyHelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Only over https, and only for this host: other hosts of the domain are not ours to decide.
    strictTransportSecurity: opts.isHttps ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  };
  // Routes registered from now on that need another policy get their own helmet options (a
  // route's options replace the global ones key by key). This hook runs before helmet's own
  // onRoute hook, which files them where helmet reads them per request.
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (INLINE_STYLE_PREFIXES.some((prefix) => url.startsWith(prefix))) {
      const relaxed = {
        ...directives,
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
      };
      route.helmet = { contentSecurityPolicy: { useDefaults: false, directives: relaxed } };
    } else if (url.startsWith('/media/')) {
      // Stream segments, posters and downloads are signed or public; players of other origins
      // (TV apps, `<video src>`) load them without CORS.
      route.helmet = { crossOriginResourcePolicy: { policy: 'cross-origin' } };
    }
  });
  await app.register(fastifyHelmet, helmetOptions);
}

/** Routes whose answers are the caller's own whoever calls them (decision 031). */
const PERSONAL_PREFIXES = ['/customer', '/billing/', '/drm/'].map((prefix) => API_BASE_PATH + prefix);
const PERSONAL_PARTS = /\/(url|download|favorites|is-favorite|set-favorite|playback|percentage)(\/|$)/;

export function isPersonalRoute(routeUrl: string): boolean {
  return PERSONAL_PREFIXES.some((prefix) => routeUrl.startsWith(prefix)) || PERSONAL_PARTS.test(routeUrl);
}

/**
 * `Cache-Control: no-store` on personal answers under /api/1.2: every answer to a signed-in
 * session (its /data, its catalogue with favourites and progress) and every answer of a personal
 * route (account, billing, stream URLs, favourites), errors included. A visitor's catalogue
 * answers keep their caching. An answer that already chose its Cache-Control keeps it.
 */
export function registerNoStore(api: FastifyInstance) {
  api.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    if (request.session || isPersonalRoute(request.routeOptions.url ?? '')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
