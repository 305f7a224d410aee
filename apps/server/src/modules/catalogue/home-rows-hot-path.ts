import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { API_BASE_PATH, endpoints } from '@playz/api-contract';
import type { RequestSession } from '../../lib/access';
import { checkSerialized } from '../../lib/register-endpoint';
import { envelopeJson, envelopeParts, type SerializedAnswer } from '../../lib/serialized-answer';
import type { PageRowsService } from './page-rows.service';
import { accessLineBeforeRouting, sessionTokenBeforeRouting } from '../../sessions/before-routing';

/** The route's pattern, as Fastify and the metrics name it. */
export const PAGE_ROWS_ROUTE = API_BASE_PATH + endpoints.getPageRows.path;
const PREFIX = `${API_BASE_PATH}/page/`;
const SUFFIX = '/rows';
/** URLs (with their Accept-Language) the route answered with 200: bounded, a new one goes the full way. */
const MAX_KNOWN = 2000;
/** Subscribers' answers kept joined, the latest used (about 70 kB each for the home: 18 MB). */
const MAX_JOINED = 256;

/** What the route read of a URL it answered with 200: the same for whoever asks it again. */
interface KnownQuery {
  page: string;
  withData: boolean;
  genre: string | undefined;
  /** The common parameters' language (the `locale` parameter, else Accept-Language, else fr). */
  locale: string;
}

export interface HomeRowsHotPathDeps {
  cookieName: string;
  /** Longer URLs get the route's 414. */
  maxUrlLength: number;
  pageRows: Pick<PageRowsService, 'pageRowsJson' | 'peekPageRowsJson'>;
  /** The session a token opens, as the session hook finds it (decision 104: its stamp read now). */
  findSession: (token: string) => Promise<RequestSession | null>;
  /** `findSession` without waiting (decision 124): undefined when only `findSession` can tell. */
  peekSession: (token: string) => RequestSession | undefined;
  /** The security headers the route answers with. */
  headers: Iterable<readonly [string, string]>;
  /** The request id the route would give this request. */
  requestIdOf: (request: IncomingMessage) => string;
  /** Counts the answer in the route's latency histogram (a recorder bound to its labels). */
  record: (seconds: number) => void;
  /** Outside production, answers are checked against the contract as the route's are. */
  checkResponses: boolean;
  /** The app's logger: one access line per answer made here, when info is on. */
  log: FastifyBaseLogger;
}

/**
 * `GET /api/1.2/page/{id}/rows` (spec 2 §7, the home's rows) answered before routing (decision
 * 123), as decision 039's addendum answers `/data`: once the route has answered the same URL and
 * Accept-Language with 200 (its common parameters and query then parse, and their values are
 * known), a repeat is answered here by the route's own `pageRowsJson`, for a visitor or for a
 * session that `findSession` finds valid now — the session repository's `findValid`, which reads
 * the tables' stamp at every request (decisions 037, 104), so a log-out or a password change on
 * any node refuses the next request. What the rows depend on is what the route passes: the page,
 * `with_data`, the genre, the language, and the session's customer and kids flag (decision 059).
 * Anything else — a new URL, a token that opens nothing, a cookie the parser would decode or
 * that comes twice, HEAD, a body, a failure — goes the full way, which answers and logs it.
 */
export function createHomeRowsHotPath(deps: HomeRowsHotPathDeps) {
  const known = new Map<string, KnownQuery>();
  const headers = Object.fromEntries(deps.headers) as Record<string, string | number>;
  headers['content-type'] = 'application/json; charset=utf-8';
  let served = 0;
  const accessLine = accessLineBeforeRouting(deps.log);
  const keyOf = (url: string, acceptLanguage: string | undefined) => `${acceptLanguage ?? ''}\n${url}`;

  async function answerWith(
    request: IncomingMessage,
    response: ServerResponse,
    token: string | null,
    query: KnownQuery,
    started: number,
  ): Promise<boolean> {
    const session = token === null ? null : await deps.findSession(token);
    // A token that opens nothing: the route answers as a visitor, and says so in its logs.
    if (token !== null && !session) return false;
    const answer = await deps.pageRows.pageRowsJson(query.page, optionsOf(query), customerOf(session));
    return done(request, response, answer, session, query, started);
  }

  const optionsOf = (query: KnownQuery) => ({ withData: query.withData, genre: query.genre, locale: query.locale });
  const customerOf = (session: RequestSession | null) =>
    session && { customerId: session.customerId, isKidsProfile: session.isKidsProfile };

  /**
   * The answer when the session (or none) and every part of the rows are in memory now: sent in
   * this turn, no promise (decision 124's way). Undefined on any miss: the awaited way decides.
   */
  function peek(
    request: IncomingMessage,
    response: ServerResponse,
    token: string | null,
    query: KnownQuery,
    started: number,
  ): true | undefined {
    const session = token === null ? null : deps.peekSession(token);
    if (session === undefined) return undefined;
    const answer = deps.pageRows.peekPageRowsJson(query.page, optionsOf(query), customerOf(session));
    if (!answer) return undefined;
    return done(request, response, answer, session, query, started);
  }

  function done(
    request: IncomingMessage,
    response: ServerResponse,
    answer: SerializedAnswer,
    session: RequestSession | null,
    query: KnownQuery,
    started: number,
  ): true {
    if (deps.checkResponses) checkSerialized(endpoints.getPageRows, answer);
    const reqId = send(request, response, bodyOf(answer, session, query), session !== null);
    deps.record((performance.now() - started) / 1000);
    served++;
    accessLine(request, reqId, 200, started);
    return true;
  }

  /** A subscriber's last answers as parts, and joined once the same parts came twice. */
  const joined = new Map<string, { parts: readonly Buffer[]; whole?: Buffer }>();

  /**
   * The envelope's bytes: a visitor's answer is the kept envelope (decision 097 addendum). A
   * subscriber's is the page's kept segments with their own rows between them: the same parts
   * again (their rows unwritten, the page's entry unchanged: the very same Buffer objects) get
   * the buffer joined the second time and kept for the latest MAX_JOINED viewers and URLs, so a
   * repeat is one buffer sent as the peer sends it. Parts seen once are sent as parts, not
   * joined: a 70 kB copy per request cost twice the CPU of the corked write (decision 123).
   */
  function bodyOf(answer: SerializedAnswer, session: RequestSession | null, query: KnownQuery): Buffer | Buffer[] {
    if (answer.kept) return envelopeJson(answer);
    const parts = envelopeParts(answer);
    if (!session) return parts;
    const key = `${session.customerId}:${session.profileId}\n${query.page}\n${query.withData}\n${query.genre ?? ''}\n${query.locale}`;
    const kept = joined.get(key);
    if (kept && kept.parts.length === parts.length && kept.parts.every((part, i) => part === parts[i])) {
      kept.whole ??= Buffer.concat(parts);
      return kept.whole;
    }
    joined.delete(key);
    joined.set(key, { parts });
    if (joined.size > MAX_JOINED) joined.delete(joined.keys().next().value!);
    return parts;
  }

  /**
   * One writeHead with every header, then the body: one buffer, or parts corked into one socket
   * write without being copied into one buffer first.
   */
  function send(
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer | Buffer[],
    signedIn: boolean,
  ): string {
    let length = 0;
    if (Buffer.isBuffer(body)) length = body.length;
    else for (const part of body) length += part.length;
    const reqId = deps.requestIdOf(request);
    const own: Record<string, string | number> = { ...headers, 'x-request-id': reqId, 'content-length': length };
    // Every answer to a signed-in session is personal (registerNoStore, decision 031).
    if (signedIn) own['cache-control'] = 'no-store';
    response.writeHead(200, own);
    if (Buffer.isBuffer(body)) response.end(body);
    else {
      response.cork();
      for (const part of body) response.write(part);
      response.end();
      response.uncork();
    }
    return reqId;
  }

  return {
    answer(request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> {
      const url = request.url ?? '';
      if (request.method !== 'GET' || !url.startsWith(PREFIX) || url.length > deps.maxUrlLength) return false;
      const query = known.get(keyOf(url, request.headers['accept-language']));
      if (!query) return false;
      // A body (GET allows one) would be parsed by the route: let it.
      if (request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined)
        return false;
      const token = sessionTokenBeforeRouting(request, deps.cookieName);
      if (token === undefined) return false;
      const started = performance.now();
      // Nothing is written before the answer is whole: a failure leaves the request to the route.
      try {
        if (peek(request, response, token, query, started)) return true;
      } catch {
        return response.headersSent;
      }
      return answerWith(request, response, token, query, started).catch(() => response.headersSent);
    },
    /**
     * Learns the URLs the route answers with 200 and what it read of them, from a hook on the
     * scope the route is registered in; and counts the answers made here for GET /metrics.
     */
    watch(api: FastifyInstance) {
      api.addHook('onResponse', async (request, reply) => {
        if (request.method !== 'GET' || reply.statusCode !== 200 || request.routeOptions.url !== PAGE_ROWS_ROUTE)
          return;
        const url = request.raw.url ?? '';
        const path = url.split('?', 1)[0]!;
        if (!path.endsWith(SUFFIX)) return;
        const { id } = request.params as { id: string };
        const query = request.query as { with_data?: string; genre?: string };
        const key = keyOf(url, request.headers['accept-language']);
        if (known.has(key)) return;
        known.set(key, {
          page: id,
          withData: query.with_data === '1',
          genre: query.genre,
          locale: request.common.locale,
        });
        if (known.size > MAX_KNOWN) known.delete(known.keys().next().value!);
      });
      new Counter({
        name: 'playz_page_rows_from_memory_total',
        help: 'GET /page/{id}/rows answered before routing, decision 123 (also counted in the request histogram)',
        registers: [api.metrics.registry],
        collect() {
          this.reset();
          this.inc(served);
        },
      });
    },
  };
}
export type HomeRowsHotPath = ReturnType<typeof createHomeRowsHotPath>;
