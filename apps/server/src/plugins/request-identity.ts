import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** What a front proxy may name a request: nginx's $request_id is 32 hex digits. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Request ids for the logs (decision 038): every line of a request carries `reqId`. A front proxy in
 * TRUSTED_PROXIES may pass its own X-Request-Id (nginx `proxy_set_header X-Request-Id
 * $request_id`), so its access log and ours name the same request; anyone else gets a fresh UUID,
 * so a client cannot make its requests look like another's. Unique across API nodes, unlike
 * Fastify's default req-1, req-2…
 */
export function requestIdGenerator(trustedProxies: string[]): (req: IncomingMessage) => string {
  const trusts = trustedProxies.length > 0 ? proxyAddr.compile(trustedProxies) : null;
  return (req) => {
    const given = req.headers['x-request-id'];
    const fromProxy = trusts && req.socket.remoteAddress && trusts(req.socket.remoteAddress, 0);
    return fromProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/**
 * Pino options: JSON lines for files, collectors and CI; readable colour lines in a terminal.
 * Cookies and bearer tokens never reach a log.
 */
export function loggerOptions(level: string, isTerminal: boolean) {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    ...(isTerminal
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}
