import http, { type ServerResponse } from 'node:http';

/**
 * Header names an answer made before routing may not fix once: node:http writes or decides them
 * per answer (date, keep-alive, framing), or the answer gives them itself (id, length).
 */
const PER_ANSWER = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-disposition',
  'expect',
  'trailer',
  'x-request-id',
]);

/** What node:http's checkInvalidHeaderChar refuses in a header value (_http_common.js). */
const INVALID_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** The fields of node:http's ServerResponse that `writeHead` and `_storeHeader` read and write. */
interface ResponseState {
  _header: string | null | undefined;
  _headerSent: boolean;
  _contentLength: number | null;
  _hasBody: boolean;
  _removedConnection: boolean;
  _defaultKeepAlive: boolean;
  _keepAliveTimeout: number;
  _maxRequestsPerSocket: number | undefined;
  _expect_continue: boolean;
  _sent100: boolean;
  sendDate: boolean;
  shouldKeepAlive: boolean;
  maxRequestsOnConnectionReached: boolean;
  strictContentLength: boolean;
  statusCode: number;
  statusMessage: string;
}

let dateSecond = -1;
let dateLine = '';
/** node:http's `Date: …` line, the same string for a whole second (as its own cache keeps it). */
function dateLineNow(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(second * 1000).toUTCString()}\r\n`;
  }
  return dateLine;
}

/**
 * A 200 answer's head made once (decision 133): the status line and every fixed header, in the
 * order given, checked once by node:http's own validators when made. A request adds its id, the
 * body's length, the date and the connection's lines exactly as node:http's `writeHead` +
 * `_storeHeader` would write them, so the bytes on the wire are the ones `writeHead(200,
 * {...fields, 'x-request-id', 'content-length'})` sends; only its per-header validation and the
 * headers object are no longer paid at each request (about 3 µs of a logged /data's 40).
 *
 * Any response not in the plain case (a connection to close: HTTP/1.0 without keep-alive,
 * `Connection: close`, the last request a socket may carry; `Expect`; HEAD; a header or status
 * already set; not a node:http response) gets the very `writeHead` call instead, so node:http
 * decides those as before.
 */
export function createPreparedHead(fields: Iterable<readonly [string, string]>) {
  let prefix = 'HTTP/1.1 200 OK\r\n';
  const object: Record<string, string | number> = {};
  for (const [name, value] of fields) {
    http.validateHeaderName(name);
    http.validateHeaderValue(name, value);
    if (PER_ANSWER.has(name.toLowerCase()) || Object.hasOwn(object, name))
      throw new Error(`a prepared head cannot fix ${name}`);
    object[name] = value;
    prefix += `${name}: ${value}\r\n`;
  }
  let keepAliveOf: [number, number | undefined, boolean, string] = [-1, undefined, true, ''];
  /** `Connection: keep-alive` and node:http's `Keep-Alive` line for the server's settings. */
  function keepAliveLines(state: ResponseState): string {
    const [timeout, max, byDefault, lines] = keepAliveOf;
    if (
      timeout === state._keepAliveTimeout &&
      max === state._maxRequestsPerSocket &&
      byDefault === state._defaultKeepAlive
    )
      return lines;
    let made = 'Connection: keep-alive\r\n';
    if (state._keepAliveTimeout && state._defaultKeepAlive) {
      const most = ~~(state._maxRequestsPerSocket ?? 0) > 0 ? `, max=${state._maxRequestsPerSocket}` : '';
      made += `Keep-Alive: timeout=${Math.floor(state._keepAliveTimeout / 1000)}${most}\r\n`;
    }
    keepAliveOf = [state._keepAliveTimeout, state._maxRequestsPerSocket, state._defaultKeepAlive, made];
    return made;
  }

  return {
    /** Writes the whole answer: the head with this request's id and the body's length, then the body. */
    write(response: ServerResponse, requestId: string, body: Buffer): void {
      const state = response as unknown as ResponseState;
      if (
        state._header === null &&
        state.statusCode === 200 &&
        state.sendDate &&
        state.shouldKeepAlive &&
        !state.maxRequestsOnConnectionReached &&
        !state._removedConnection &&
        !state._expect_continue &&
        state._hasBody &&
        !state.strictContentLength &&
        response.getHeaderNames().length === 0
      ) {
        // The id is ours (a UUID) or a proxy's checked against a plain pattern: still, never a
        // character writeHead would refuse (this throws as it would, before anything is written).
        if (INVALID_VALUE.test(requestId)) {
          http.validateHeaderValue('x-request-id', requestId);
          throw new TypeError('Invalid character in header content ["x-request-id"]');
        }
        state.statusMessage ||= 'OK';
        state._contentLength = body.length;
        state._header = `${prefix}x-request-id: ${requestId}\r\ncontent-length: ${body.length}\r\n${dateLineNow()}${keepAliveLines(state)}\r\n`;
        state._headerSent = false;
      } else {
        response.writeHead(200, { ...object, 'x-request-id': requestId, 'content-length': body.length });
      }
      response.end(body);
    },
  };
}
export type PreparedHead = ReturnType<typeof createPreparedHead>;
