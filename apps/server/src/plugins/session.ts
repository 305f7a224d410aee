import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { ACCESS_LEVELS, type RequestSession } from '../lib/access';
import { parseOrigin, sameOrigin, type Origin } from '../lib/origin';
import { SESSION_LIFETIME_MS, type SessionRepository } from '../sessions/session.repository';
import { accessOfRoute, registerRouteAccess } from './route-access';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's session, with the profile it is on (read with it, one query); null for a
     * visitor and on routes whose access level reads none. Handlers get it through their access
     * object (lib/access.ts, decision 055).
     */
    session: RequestSession | null;
  }
}

export interface SessionCookies {
  name: string;
  secure: boolean;
}

/** `__Host-` binds the cookie to this exact host over https (no Domain, Path=/, Secure). */
export function sessionCookieSettings(isHttps: boolean): SessionCookies {
  return { name: isHttps ? '__Host-playz_sid' : 'playz_sid', secure: isHttps };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
}

/**
 * Web clients hold an httpOnly cookie; TV and device apps send `Authorization: Bearer` (decision 005).
 * A cookie-authenticated POST from another origin is refused: SameSite=Lax already blocks most
 * cross-site posts, the Origin check covers older browsers and same-site subdomains. The session
 * is looked up only where the route's access level uses it (decision 055): stream files, licences,
 * provider notifications and pages never pay for the read, even when the browser sends its cookie.
 * From here on, a route registered without an access level stops the start.
 */
export function registerSession(
  app: FastifyInstance,
  deps: { sessions: SessionRepository; cookies: SessionCookies; publicUrl: string; now?: () => Date },
) {
  const allowedOrigin = parseOrigin(new URL(deps.publicUrl).origin);
  registerRouteAccess(app);
  app.decorateRequest('session', null);
  app.addHook('preHandler', async (request) => {
    const bearer = bearerToken(request);
    const cookie = request.cookies[deps.cookies.name];
    const token = bearer ?? cookie ?? null;
    if (!bearer && request.method === 'POST' && !fromAllowedForeignOrigin(request))
      assertSameOrigin(request, allowedOrigin);
    if (!token) return;
    // Unmatched requests (no route, no level) read it as before: their answers may depend on it.
    const access = accessOfRoute(request);
    if (access && !ACCESS_LEVELS[access].readsSession) return;
    const found = await deps.sessions.findValid(token, deps.now?.() ?? new Date());
    request.session = found
      ? { id: found.id, customerId: found.customerId, profileId: found.profileId, isKidsProfile: found.isKidsProfile }
      : null;
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The other origins allowed to post to the route: a provider's page posting its answer back
     * (Apple's form_post, decision 078). Such a route reads no session and starts none itself.
     */
    foreignPostOrigins?: (request: FastifyRequest) => string[];
  }
}

function fromAllowedForeignOrigin(request: FastifyRequest): boolean {
  const allowed = request.routeOptions.config?.foreignPostOrigins?.(request);
  const header = request.headers.origin;
  if (!allowed || allowed.length === 0 || header === undefined) return false;
  const origin = parseOrigin(header);
  return origin !== null && allowed.some((o) => sameOrigin(origin, parseOrigin(o)));
}

/**
 * The Origin of a post must be PUBLIC_URL's or the one the request was sent to (the same
 * scheme, host and port: http://localhost and http://127.0.0.1 in development). Anything else,
 * `null` and malformed values included, is refused with 4 (decision 031: they gave a 500).
 */
function assertSameOrigin(request: FastifyRequest, allowedOrigin: Origin | null) {
  const header = request.headers.origin;
  if (header === undefined) return; // non-browser clients and same-origin navigations without Origin
  const origin = parseOrigin(header);
  if (sameOrigin(origin, allowedOrigin) || sameOrigin(origin, parseOrigin(`${request.protocol}://${request.host}`)))
    return;
  throw apiError(ApiErrorNumber.Forbidden);
}

export function setSessionCookie(reply: FastifyReply, cookies: SessionCookies, token: string) {
  reply.setCookie(cookies.name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookies.secure,
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, cookies: SessionCookies) {
  reply.clearCookie(cookies.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookies.secure });
}
