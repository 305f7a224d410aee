import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { registerMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      registry: Registry;
      /** Counts an answer made before routing (decision 039) in the request histogram. */
      observeRequest(route: string, method: string, status: number, seconds: number): void;
      /** A recorder bound to one route, method and status: what a hot path counts its answers with (decision 123). */
      latencyRecorder(route: string, method: string, status: number): (seconds: number) => void;
      /** Counts a visitor's content or collection answered before routing (decision 097). */
      countCatalogueFromMemory(): void;
    };
  }
}

/**
 * Prometheus metrics at GET /metrics (decision 038). Registered before the modules, so their routes
 * are timed; what it reads of the modules (encoders, sockets, jobs, hot paths) is read at scrape
 * time, when every module is there.
 */
export const metricsPlugin = fp(
  async (app) => {
    const metrics = registerMetrics(app, {
      token: app.config.metricsToken,
      ingests: () => app.live.ingests(),
      liveManifestsFromMemory: () => app.live.servedFromMemory(),
      liveSegmentsFromMemory: () => app.live.segmentsServedFromMemory(),
      dataFromMemory: () => app.service.dataServedFromMemory(),
      remoteConnections: () => app.remote.hub.connections(),
      jobs: { stats: app.jobs.stats, deadLetters: () => app.jobs.deadLetterCount() },
      billingOutcomes: () => app.jobs.billingOutcomes,
      activeStreams: () => app.leaseStore.countActive(app.now().getTime()),
    });
    app.decorate('metrics', metrics);
  },
  { name: 'playz-metrics', dependencies: ['playz-jobs', 'playz-streaming'] },
);
