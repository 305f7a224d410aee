import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveGrant } from '../../streaming/stream-signing';
import type { LiveGrantCache } from './live-grant-cache';

const PREFIX = '/live/';
/** Longer URLs are not a grant of ours: the full route refuses them (414 or 403). */
const MAX_URL_LENGTH = 1024;

/** What every live answer made before Fastify needs, whatever it answers (playlist, segment). */
export interface LiveHotAnswerDeps {
  grants: LiveGrantCache;
  /** The headers every answer of the full route carries, the same for every request (security headers, CORS). */
  headers: Iterable<readonly [string, string]>;
  /** The request's id, which the full route's answer carries too (`x-request-id`). */
  requestIdOf: (request: IncomingMessage) => string;
  /** Counts the answer as the full route's would be counted (the route's latency histogram). */
  observe: (seconds: number) => void;
  now?: () => Date;
}

/** What one kind of `/live/*` answer adds to the shared frame: which URLs, what is sent, its headers. */
export interface LiveHotAnswerKind<Found> {
  /** Cheap tests of the URL and headers, before the answer is timed: false goes the full way. */
  takes?: (url: string, request: IncomingMessage) => boolean;
  /** The path after `/live/`, split into the grant's token and the file asked; null goes the full way. */
  split: (path: string) => { token: string; file: string } | null;
  /** What the answer sends when every check of a verified live grant passes in memory; else undefined. */
  find: (grant: LiveGrant, file: string) => Found | undefined;
  /** The bytes sent; the answer's head is kept for as long as they live. */
  body: (found: Found) => Buffer;
  /** The answer's own headers, after the route's and before `content-length`, as one flat list. */
  head: (found: Found) => string[];
}

/**
 * The frame of a `/live/*` answer made before Fastify's routing and hooks (decisions 039, 126):
 * a GET of a plain URL (no query string, no escape: those go the full way), a grant verified
 * before and live, then what `kind` finds in memory, sent with the route's status and headers.
 * The head, but for the request id, is one flat list made once per body: a channel's playlist
 * is one buffer for every viewer of a segment turn (decision 096) and a segment file one buffer
 * for every viewer of its window, so nearly every request finds its head made; one `writeHead`
 * with the list costs what the peer's does, where a `setHeader` per header cost twice as much
 * (decision 125). Answers made here are counted in the metrics, not logged one by one.
 */
export function createLiveHotAnswer<Found>(deps: LiveHotAnswerDeps, kind: LiveHotAnswerKind<Found>) {
  let served = 0;
  const fixed = [...deps.headers].flat();
  const heads = new WeakMap<Buffer, string[]>();
  function headOf(body: Buffer, found: Found): string[] {
    let head = heads.get(body);
    if (!head) {
      head = [...fixed, ...kind.head(found), 'content-length', String(body.length)];
      heads.set(body, head);
    }
    return head;
  }
  function answer(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    if (request.method !== 'GET' || !url.startsWith(PREFIX) || url.length > MAX_URL_LENGTH) return false;
    if (url.includes('?') || url.includes('%') || kind.takes?.(url, request) === false) return false;
    const started = performance.now();
    const path = kind.split(url.slice(PREFIX.length));
    if (!path) return false;
    const grant = deps.grants.verify(path.token, Math.floor((deps.now?.() ?? new Date()).getTime() / 1000));
    if (!grant || grant.kind !== 'live') return false;
    const found = kind.find(grant, path.file);
    if (found === undefined) return false;
    const body = kind.body(found);
    const head = headOf(body, found).slice();
    head.push('x-request-id', deps.requestIdOf(request));
    response.writeHead(200, head);
    response.end(body);
    served++;
    deps.observe((performance.now() - started) / 1000);
    return true;
  }
  return {
    answer,
    /** Answers made here since start (GET /metrics). */
    served: () => served,
  };
}
