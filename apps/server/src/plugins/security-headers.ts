import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_BASE_PATH } from '@playz/api-contract';

type Directives = Record<string, string[]>;

/**
 * The web app's policy (decision 031): its scripts, styles and fonts are files of its own build;
 * the player (Shaka) plays MediaSource `blob:` URLs and may start `blob:` workers; images are
 * ours, `data:` and `blob:` ones, and the marketing pixels that decision 028 fires by image on
 * any https host; the only form it posts leaves for the card processor's page.
 */
export function webAppDirectives(opts: {
  formActions: string[];
  upgradeInsecureRequests: boolean;
  /** The operator's marketing tag hosts: their scripts, frames and beacons (decision 088). */
  tagHosts?: readonly string[];
}): Directives {
  const tagHosts = opts.tagHosts ?? [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    // The Google Cast sender framework, loaded from its official address where casting is offered (decision 070).
    'script-src': ["'self'", 'https://www.gstatic.com', ...tagHosts],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // blob: MediaSource; data: the empty WebVTT Shaka gives each subtitle <track> it shows (decision 069).
    'media-src': ["'self'", 'blob:', 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...tagHosts],
    // A tracker of the `iframe` method loads in a hidden frame; nothing else of ours frames a page.
    'frame-src': ["'self'", ...tagHosts],
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
const INLINE_STYLE_PREFIXES = ['/sandbox/', '/dev/', '/api/docs', '/alerts/'];

type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * Where the URL is the authority (decisions 022, 024, 051): signed manifests and segments,
 * downloads and public media (`/media/`), live playlists (`/live/`) and the licence server and
 * proxy (`/drm/license`). Never the API under /api/1.2, whose origin rules are decision 031's.
 */
const STREAM_PREFIXES = ['/media/', '/live/', '/drm/license'];
export const isStreamRoute = (url: string) => STREAM_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * The one API call a Cast receiver of another origin makes (decision 070): its resume report,
 * whose authority is the cast grant in its bearer header. It answers CORS as stream URLs do (any origin,
 * credentials never: no session is read); the rest of the API keeps decision 031's rules.
 */
export const CAST_REPORT_PATH = `${API_BASE_PATH}/cast/playback/status`;

/**
 * CORS for stream answers (decision 051): any origin may read them, and no credentials are
 * granted (no Allow-Credentials: a browser then sends no cookie, and these routes read none).
 * What a player reads of a ranged or cached answer is exposed.
 */
export const STREAM_CORS_HEADERS: HeaderList = [
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', 'Content-Length, Content-Range, Accept-Ranges, ETag, Date'],
];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's security headers, computed once when the route is added. */
    securityHeaders?: HeaderList;
  }
}

/**
 * The headers helmet writes for `options`, computed once. Helmet's middleware only sets and
 * removes headers; running it against a recording response gives the exact list it would write.
 * (@fastify/helmet builds a new helmet middleware, CSP parsing included, on every request: 6 % of
 * the CPU of a live playlist request, decision 031.)
 */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)(undefined as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Security headers on every answer, pages and API alike (decision 031), decided by helmet: the
 * CSP above, X-Content-Type-Options nosniff, Referrer-Policy, X-Frame-Options DENY with
 * frame-ancestors 'none', Cross-Origin-Opener/Resource-Policy, and HSTS over https.
 *
 * Referrer-Policy is strict-origin-when-cross-origin, not helmet's no-referrer: under
 * no-referrer browsers send `Origin: null` with same-origin posts, which the CSRF check refuses.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { isHttps: boolean; formActions: string[]; tagHosts?: readonly string[] },
) {
  const directives = webAppDirectives({
    formActions: opts.formActions,
    upgradeInsecureRequests: opts.isHttps,
    tagHosts: opts.tagHosts,
  });
  const base: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Only over https, and only for this host: other hosts of the domain are not ours to decide.
    strictTransportSecurity: opts.isHttps ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  };
  const pageHeaders = helmetHeaders(base);
  const inlineStyleHeaders = helmetHeaders({
    ...base,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...directives, 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:'] },
    },
  });
  // Stream segments, posters, downloads, live playlists and the licence carry their own authority
  // (a signed URL, a licence token) or are public: players of other origins load them, without
  // CORS (TV apps, `<video src>`) or with it, credentials never (decision 051).
  const streamHeaders = [
    ...helmetHeaders({ ...base, crossOriginResourcePolicy: { policy: 'cross-origin' } }),
    ...STREAM_CORS_HEADERS,
  ];

  const castReportHeaders = [...pageHeaders, ...STREAM_CORS_HEADERS];
  const headersOfRoute = (url: string): HeaderList =>
    INLINE_STYLE_PREFIXES.some((prefix) => url.startsWith(prefix))
      ? inlineStyleHeaders
      : isStreamRoute(url)
        ? streamHeaders
        : url === CAST_REPORT_PATH
          ? castReportHeaders
          : pageHeaders;
  // Routes registered from now on get the list of their policy.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, securityHeaders: headersOfRoute(route.url) };
  });
  // Not-found answers have no route of their own: they get the pages' policy.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of request.routeOptions.config.securityHeaders ?? pageHeaders)
      reply.raw.setHeader(name, value);
    done();
  });
  /** The list a route of this pattern gets: for answers made before routing (hot-routes.ts). */
  return { headersOfRoute };
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
