import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorNumber, apiError } from '@playz/domain';
import { setSessionCookie, type SessionCookies } from '../plugins/session';

/** What a client says about itself in the common parameters (spec 1 §3 Device identity). */
export interface DeviceIdentity {
  platform: string;
  type: string | null;
  udid: string | null;
  vendor: string | null;
  model: string | null;
  mac: string | null;
  systemName: string | null;
  systemVersion: string | null;
  appVersion: string | null;
}

/** Who is asking: the address (rate limits) and the device identity (spec 1 §3, §7). */
export interface CallerContext {
  ip: string;
  device: DeviceIdentity;
  locale: string;
  country: string;
}

/** The address and device identity of a call, from the common parameters (spec 1 §3, §7). */
export function callerOf(request: FastifyRequest): CallerContext {
  const c = request.common;
  return {
    ip: request.ip,
    locale: c.locale,
    country: c.country,
    device: {
      platform: c.platform,
      type: c.deviceType,
      udid: c.deviceUdid,
      vendor: c.deviceVendor,
      model: c.deviceModel,
      mac: c.deviceMac,
      systemName: c.deviceSystemName,
      systemVersion: c.deviceSystemVersion,
      appVersion: c.appVersion,
    },
  };
}

/** Web: the httpOnly cookie; device apps also get the token to send as a bearer (decision 005). */
export function sendSession(request: FastifyRequest, reply: FastifyReply, cookies: SessionCookies, token: string) {
  setSessionCookie(reply, cookies, token);
  if (request.common.platform !== 'Web') reply.header('x-playz-token', token);
}

/**
 * The spec makes account deletion a GET, and SameSite=Lax lets cross-site top-level GETs carry
 * the cookie: a link on another site must not delete an account. Browsers say where a request
 * comes from in Sec-Fetch-Site (and Origin); only same-origin (or none: non-browser clients)
 * passes.
 */
export function assertNotCrossSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw apiError(ApiErrorNumber.Forbidden);
  const origin = request.headers.origin;
  if (origin !== undefined && hostOf(origin) !== request.headers.host) throw apiError(ApiErrorNumber.Forbidden);
}

/** null for "null" and other origins that are not URLs (sandboxed frames, privacy modes). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
