import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '@playz/api-contract';
import { ApiErrorNumber } from '@playz/domain';
import { earlyLocale } from './common-params';
import { errorEnvelope } from './error-handler';

/**
 * Longest request target (path and query) the service reads; longer ones get 414 (decision 031).
 * 8 KiB is what common proxies pass by default, and no call of the contract comes near it.
 */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * Node's own limit on the request line and headers together (its default is 16 KiB): twice
 * that, so a URL between MAX_URL_LENGTH and it reaches our 414, and a browser with many cookies
 * still gets in. Beyond it Node's parser stops reading and `clientErrorHandler` answers 431.
 */
export const NODE_MAX_HEADER_SIZE = 32 * 1024;

const isApiPath = (url: string | undefined) => (url ?? '').startsWith(`${API_BASE_PATH}/`);

/**
 * A refusal given before any route ran: the envelope with 3 (bad parameter) under /api/1.2,
 * plain text elsewhere (pages), with the HTTP status that names the fault.
 */
function refuseEarly(request: FastifyRequest, reply: FastifyReply, status: number) {
  reply.code(status).header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
  if (!isApiPath(request.raw.url)) return reply.type('text/plain; charset=utf-8').send(http.STATUS_CODES[status]);
  return reply.send(errorEnvelope(ApiErrorNumber.BadParameter, earlyLocale(request)));
}

/**
 * Fastify's answers to URLs its router cannot read (decision 031: they were Fastify's own JSON):
 * bad percent-encoding (`/content/%ff`) is 400, a path parameter over `maxParamLength` (100)
 * is 414, both with the envelope under /api/1.2.
 */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code, url: request.raw.url?.slice(0, 200) }, 'rejected unreadable URL');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return refuseEarly(request, reply, 414);
  if (error.code === 'FST_ERR_BAD_URL') return refuseEarly(request, reply, 400);
  // FST_ERR_ASYNC_CONSTRAINT: no route of ours has async constraints; a server fault if it happens.
  const number = ApiErrorNumber.InternalError;
  return reply.code(500).send(errorEnvelope(number, 'fr'));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over
 * NODE_MAX_HEADER_SIZE: 431, a malformed request line or header: 400, a client too slow: 408).
 * No route is known yet, so the envelope is sent whatever the path, in French (no locale can be
 * read), on the raw socket as Fastify's default handler does, and the connection is closed.
 */
function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  this.log.debug({ code: error.code, status }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorEnvelope(ApiErrorNumber.BadParameter, 'fr'));
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/** The options of `Fastify(...)` that keep every early refusal in the envelope. */
export const httpLimitOptions = {
  http: { maxHeaderSize: NODE_MAX_HEADER_SIZE },
  frameworkErrors,
  clientErrorHandler,
};

/** URLs over MAX_URL_LENGTH are refused first thing, before any other hook reads them. */
export function registerUrlLimit(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if ((request.raw.url ?? '').length > MAX_URL_LENGTH) return refuseEarly(request, reply, 414);
  });
}
