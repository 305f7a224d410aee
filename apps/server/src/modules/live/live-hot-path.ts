import type { StreamAuthority } from '../../streaming/stream-authority';
import { createLiveHotAnswer, type LiveHotAnswerDeps } from './live-hot-answer';
import type { LiveManifests } from './live-manifests.service';
import { liveCacheControlOf, liveManifestPath } from './live-media.routes';

export interface LiveHotPathDeps extends LiveHotAnswerDeps {
  authority: Pick<StreamAuthority, 'allowsFromMemory'>;
  manifests: Pick<LiveManifests, 'buildFromMemory'>;
}

/**
 * A live player reloads its manifest every segment (3.2 s), the busiest request there is. When
 * everything the answer needs is in memory — the grant verified before, the session's state
 * fresh (≤ 5 s) and its lease recently renewed, the channel's guide read fresh (≤ 2 s) — it is
 * answered here, before Fastify's routing and hooks, with the same status, headers and bytes as
 * `/live/*` would give (decision 039; the frame is live-hot-answer.ts). Anything else (a first
 * fetch, a refusal, a state to read again, HEAD, a query string) returns false and goes the full
 * way, which also warms what the next reload finds here.
 */
export function createLiveHotPath(deps: LiveHotPathDeps) {
  return createLiveHotAnswer(deps, {
    split: liveManifestPath,
    find(grant, file) {
      if (deps.authority.allowsFromMemory(grant) !== true) return undefined;
      const manifest = deps.manifests.buildFromMemory(grant, file);
      // A refusal (decision 082) goes the full way, which answers it with its error.
      return manifest && !('refused' in manifest) ? manifest : undefined;
    },
    body: (manifest) => (typeof manifest.body === 'string' ? Buffer.from(manifest.body) : manifest.body),
    head: ({ contentType }) => ['cache-control', liveCacheControlOf(contentType), 'content-type', contentType],
  });
}
export type LiveHotPath = ReturnType<typeof createLiveHotPath>;
