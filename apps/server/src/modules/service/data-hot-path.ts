import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { API_BASE_PATH } from '@playz/api-contract';
import { authOf, type RequestSession, type VisitorAuth } from '../../lib/access';
import type { CommonContext } from '../../plugins/common-params';
import { createPreparedHead } from '../../plugins/prepared-head';
import { accessLineBeforeRouting, sessionTokenBeforeRouting } from '../../sessions/before-routing';

const PATH = `${API_BASE_PATH}/data`;
/** Query strings the route answered, with the common parameters it read from them. */
const MAX_CONTEXTS = 2000;

export interface DataHotPathDeps {
  cookieName: string;
  /** Longer URLs get the route's 414. */
  maxUrlLength: number;
  /** The session a token opens, as the session hook finds it (its cache, its touch). */
  findSession: (token: string) => Promise<RequestSession | null>;
  /**
   * The same session when it is known without waiting (decision 124: its row kept, the table
   * counters read now and unmoved, not expired, no touch due); undefined otherwise.
   */
  peekSession: (token: string) => RequestSession | undefined;
  /** The envelope's bytes in parts, made by the very function the route answers with. */
  answer: (auth: VisitorAuth, common: CommonContext) => Promise<readonly Buffer[]>;
  /** The same parts when both are kept in memory (decision 124); undefined otherwise. */
  peekAnswer: (auth: VisitorAuth, common: CommonContext) => readonly Buffer[] | undefined;
  /** The security headers every answer of the route carries. */
  headers: Iterable<readonly [string, string]>;
  /** The request id the route would give this request. */
  requestIdOf: (request: IncomingMessage) => string;
  /** Counts the answer as the route's would be counted (its latency histogram, a bound recorder). */
  observe: (seconds: number) => void;
  /** The app's logger: one access line per answer made here, when info is on. */
  log: FastifyBaseLogger;
}

/**
 * `GET /api/1.2/data` is the first call of every page load and every app start (spec 1 §7). When
 * the route has already answered the same query string and Accept-Language (so its common
 * parameters are known good, and known) and the caller sends no session or one that is valid, it
 * is answered here, before Fastify's routing and hooks, with the same status, headers and bytes
 * (decision 039 addendum). The work is the route's own: the session found through the same
 * cache, the answer made by the same function; only Fastify's pipeline is skipped. Anything else
 * (a new query, an invalid session, a cookie we would have to decode, HEAD, an error) goes the
 * full way. Answers made here are counted in the route's metrics and logged as Fastify logs an
 * answer when info is on (one access line).
 *
 * When the session, the table counters and both JSON parts are in memory, the answer is made and
 * written in the request's own turn, without a promise (decision 124); any miss takes the async
 * way above, which reads what is missing.
 */
export function createDataHotPath(deps: DataHotPathDeps) {
  const contexts = new Map<string, CommonContext>();
  const accessLine = accessLineBeforeRouting(deps.log);
  const wholeOf = createJoinedParts();
  let served = 0;
  // The URL alone when no Accept-Language is sent (a URL holds no newline): no string is made.
  const keyOf = (url: string, acceptLanguage: string | undefined) =>
    acceptLanguage === undefined ? url : `${acceptLanguage}\n${url}`;
  // The head of every answer but the request id and the length, made once (decision 133); a
  // signed-in caller's answer is not to be stored.
  const security = [...deps.headers];
  const visitorHead = createPreparedHead([...security, ['content-type', 'application/json; charset=utf-8']]);
  const sessionHead = createPreparedHead([
    ...security,
    ['cache-control', 'no-store'],
    ['content-type', 'application/json; charset=utf-8'],
  ]);
  const visitorAuth = authOf('visitor', null);
  /** The access object of a kept session record (the same record while its row is kept). */
  const authOfRecord = new WeakMap<RequestSession, VisitorAuth>();

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    signedIn: boolean,
    parts: readonly Buffer[],
    started: number,
  ): true {
    const body = wholeOf(parts);
    const reqId = deps.requestIdOf(request);
    // The head made once with every header (decision 133), then one buffer, one socket write, as
    // the peer's: the envelope's parts (the App's and the Customer's JSON, each kept while
    // valid) are joined once per pair, not per request.
    (signedIn ? sessionHead : visitorHead).write(response, reqId, body);
    served++;
    deps.observe((performance.now() - started) / 1000);
    accessLine(request, reqId, 200, started);
    return true;
  }

  async function answerWith(
    request: IncomingMessage,
    response: ServerResponse,
    token: string | null,
    common: CommonContext,
    started: number,
  ): Promise<boolean> {
    const session = token === null ? null : await deps.findSession(token);
    // A token that opens nothing: the route answers as a visitor, and says so in its logs.
    if (token !== null && !session) return false;
    // The route's access level (visitor) makes the same access object from the same session.
    const parts = await deps.answer(authOf('visitor', session), common);
    return send(request, response, session !== null, parts, started);
  }

  /** The answer's parts when everything is in memory now; undefined on any miss. */
  function peek(token: string | null, common: CommonContext): readonly Buffer[] | undefined {
    if (token === null) return deps.peekAnswer(visitorAuth, common);
    const session = deps.peekSession(token);
    if (!session) return undefined;
    let auth = authOfRecord.get(session);
    if (!auth) authOfRecord.set(session, (auth = authOf('visitor', session)));
    return deps.peekAnswer(auth, common);
  }

  return {
    answer(request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> {
      const url = request.url ?? '';
      if (request.method !== 'GET' || !url.startsWith(PATH) || url.length > deps.maxUrlLength) return false;
      if (url.length > PATH.length && url[PATH.length] !== '?') return false;
      const common = contexts.get(keyOf(url, request.headers['accept-language']));
      if (!common) return false;
      const token = sessionTokenBeforeRouting(request, deps.cookieName);
      if (token === undefined) return false;
      const started = performance.now();
      // Nothing is written before the answer is whole: a failure leaves the request to the route.
      try {
        const parts = peek(token, common);
        if (parts) return send(request, response, token !== null, parts, started);
      } catch {
        return response.headersSent;
      }
      return answerWith(request, response, token, common, started).catch(() => false);
    },
    /** The route answered `url` (200): its common parameters are what a repeat would read. */
    remember(url: string, acceptLanguage: string | undefined, common: CommonContext) {
      const key = keyOf(url, acceptLanguage);
      if (contexts.has(key)) return;
      contexts.set(key, common);
      if (contexts.size > MAX_CONTEXTS) contexts.delete(contexts.keys().next().value!);
    },
    /** Answers made here since start (GET /metrics). */
    served: () => served,
  };
}
export type DataHotPath = ReturnType<typeof createDataHotPath>;

interface JoinedNode {
  next: WeakMap<Buffer, JoinedNode>;
  whole?: Buffer;
}

/**
 * The bytes of a list of parts, joined once per list of the same Buffer objects (decision 097):
 * a trie of WeakMaps keyed by each part, so a join lives exactly as long as every part it was
 * made of is kept somewhere else (the App's JSON per locale, a Customer's while it is valid).
 * Parts are never written to once made, so the same objects always join to the same bytes.
 */
export function createJoinedParts() {
  const root: JoinedNode = { next: new WeakMap() };
  return (parts: readonly Buffer[]): Buffer => {
    let node = root;
    for (const part of parts) {
      let next = node.next.get(part);
      if (!next) node.next.set(part, (next = { next: new WeakMap() }));
      node = next;
    }
    return (node.whole ??= Buffer.concat(parts));
  };
}
