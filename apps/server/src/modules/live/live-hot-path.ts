import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamAuthority } from '../../streaming/stream-authority';
import type { LiveGrantCache } from './live-grant-cache';
import type { LiveManifests } from './live-manifests.service';
import { liveCacheControlOf, liveManifestPath } from './live-media.routes';

const PREFIX = '/live/';
/** Longer URLs are not a grant of ours: the full route refuses them (414 or 403). */
const MAX_URL_LENGTH = 1024;

export interface LiveHotPathDeps {
  grants: LiveGrantCache;
  authority: Pick<StreamAuthority, 'allowsFromMemory'>;
  manifests: Pick<LiveManifests, 'buildFromMemory'>;
  /** The headers every answer of the full route carries, the same for every request (security headers). */
  headers: Iterable<readonly [string, string]>;
  /** The request's id, which the full route's answer carries too (`x-request-id`). */
  requestIdOf: (request: IncomingMessage) => string;
  /** Counts the answer as the full route's would be counted (the route's latency histogram). */
  observe: (seconds: number) => void;
  now?: () => Date;
}

/**
 * A live player reloads its manifest every segment (3.2 s), the busiest request there is. When
 * everything the answer needs is in memory — the grant verified before, the session's state
 * fresh (≤ 5 s) and its lease recently renewed, the channel's guide read fresh (≤ 2 s) — it is
 * answered here, before Fastify's routing and hooks, with the same status, headers and bytes as
 * `/live/*` would give (decision 039). Anything else (a first fetch, a refusal, a state to read
 * again, HEAD, a query string) returns false and goes the full way, which also warms what the
 * next reload finds here. Answers made here are counted in the metrics, not logged one by one.
 */
export function createLiveHotPath(deps: LiveHotPathDeps) {
  let served = 0;
  const fixed = [...deps.headers].flat();
  /**
   * The head of an answer, but for its request id, as one flat list of names and values, made
   * once per body: a channel's playlist is one buffer for every viewer of a segment turn
   * (decision 096), so every reload of the turn finds its head made. One `writeHead` with the
   * list costs what the peer's does, where a `setHeader` per header cost twice as much (decision 125).
   */
  const heads = new WeakMap<Buffer, string[]>();
  function headOf(body: Buffer, contentType: string): string[] {
    let head = heads.get(body);
    if (!head) {
      head = [
        ...fixed,
        'cache-control',
        liveCacheControlOf(contentType),
        'content-type',
        contentType,
        'content-length',
        String(body.length),
      ];
      heads.set(body, head);
    }
    return head;
  }
  function answer(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    if (request.method !== 'GET' || !url.startsWith(PREFIX) || url.length > MAX_URL_LENGTH) return false;
    if (url.includes('?') || url.includes('%')) return false;
    const started = performance.now();
    const path = liveManifestPath(url.slice(PREFIX.length));
    if (!path) return false;
    const grant = deps.grants.verify(path.token, Math.floor((deps.now?.() ?? new Date()).getTime() / 1000));
    if (!grant || grant.kind !== 'live' || deps.authority.allowsFromMemory(grant) !== true) return false;
    const manifest = deps.manifests.buildFromMemory(grant, path.file);
    // A refusal (decision 082) goes the full way, which answers it with its error.
    if (!manifest || 'refused' in manifest) return false;
    const body = typeof manifest.body === 'string' ? Buffer.from(manifest.body) : manifest.body;
    const head = headOf(body, manifest.contentType).slice();
    head.push('x-request-id', deps.requestIdOf(request));
    response.writeHead(200, head);
    response.end(body);
    served++;
    deps.observe((performance.now() - started) / 1000);
    return true;
  }
  return {
    answer,
    /** Manifests answered here since start (GET /metrics). */
    served: () => served,
  };
}
export type LiveHotPath = ReturnType<typeof createLiveHotPath>;
