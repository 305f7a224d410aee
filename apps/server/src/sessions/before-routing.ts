import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What the answers made before routing (decisions 039, 123, 124) need of a caller, read as
 * Fastify's session plugin and access log would, without Fastify's request object.
 */

/**
 * The caller's session token: null without one, undefined when only the full way can tell (a
 * non-Bearer authorization, two cookies of our name, a quoted or encoded value the cookie parser
 * would decode): a doubtful caller is never guessed at.
 */
export function sessionTokenBeforeRouting(request: IncomingMessage, cookieName: string): string | null | undefined {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    if (!authorization.startsWith('Bearer ')) return undefined;
    return authorization.slice(7).trim() || undefined;
  }
  const header = request.headers.cookie;
  if (!header) return null;
  // One cookie, ours (an app's or the bench's): its value without splitting the header.
  if (!header.includes(';') && header.startsWith(`${cookieName}=`)) {
    const value = header.slice(cookieName.length + 1).trim();
    return value === '' || value.startsWith('"') || value.includes('%') ? undefined : value;
  }
  let found: string | null = null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== cookieName) continue;
    const value = part.slice(at + 1).trim();
    if (found !== null || value.startsWith('"') || value.includes('%')) return undefined;
    found = value;
  }
  return found === '' ? undefined : found;
}

/**
 * The access line Fastify writes for a routed answer, for an answer made before routing; the
 * logger's level decides, as there. Fastify's stand-in logger (logging off) has no
 * `isLevelEnabled` and writes nothing.
 */
export function accessLineBeforeRouting(logger: FastifyBaseLogger) {
  const log = logger as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
  return (request: IncomingMessage, reqId: string, statusCode: number, started: number) => {
    if (log.isLevelEnabled?.('info') !== true) return;
    log.info(
      {
        reqId,
        req: { method: request.method, url: request.url, remoteAddress: request.socket.remoteAddress },
        res: { statusCode },
        responseTime: performance.now() - started,
      },
      'request completed before routing',
    );
  };
}
