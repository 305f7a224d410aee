import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { JobStats } from '../jobs/periodic-job';
import { createRequestHistogram, type LatencyRecorder } from './request-histogram';

/** What /metrics reads of a Stream channel's encoder when scraped. */
export interface IngestStatus {
  channelId: number;
  isRunning(): boolean;
  readonly restarts: number;
}

/**
 * Prometheus metrics (decision 038): request latency by route pattern, Stream channels'
 * encoders, and Node's own process metrics. One registry per app (tests start many apps in one
 * process), served as text at GET /metrics to loopback callers or to a bearer of METRICS_TOKEN.
 */

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether this caller may read /metrics: the token when one is set, else the same host only. */
function mayRead(request: FastifyRequest, token: string | null): boolean {
  if (token) {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') && sameSecret(header.slice(7), token);
  }
  // The socket's address, not X-Forwarded-For: a proxy in front makes every caller remote.
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}

export function registerMetrics(
  app: FastifyInstance,
  options: {
    token: string | null;
    ingests: () => readonly IngestStatus[];
    /** Remote-control sockets of this node by device type (decision 034). */
    remoteConnections?: () => { Server: number; Client: number };
    /** Periodic jobs (decision 038): runs made on this node, the deployment's dead letters. */
    jobs?: { stats: JobStats; deadLetters(): Promise<number> };
    /** Billing job outcomes counted on this node (renewed, refused, expired...). */
    billingOutcomes?: () => ReadonlyMap<string, number>;
    /** Unexpired device leases: View streams playing now across the deployment (decision 018). */
    activeStreams?: () => Promise<number>;
    /** Live manifests answered before Fastify (decision 039). */
    liveManifestsFromMemory?: () => number;
    /** Live segments answered before Fastify (decision 126). */
    liveSegmentsFromMemory?: () => number;
    /** GET /data answered before Fastify (decision 039 addendum). */
    dataFromMemory?: () => number;
  },
): {
  registry: Registry;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  latencyRecorder(route: string, method: string, status: number): LatencyRecorder;
  countCatalogueFromMemory(): void;
} {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'playz_' });
  // Series bound once per route, method and status, folded into the text at scrape time (decision 123).
  const duration = createRequestHistogram({
    name: 'playz_http_request_duration_seconds',
    help: 'HTTP answers by route pattern, method and status class',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: 'playz_live_ingest_up',
    help: 'Stream channel encoders on this node: 1 running, 0 down (being restarted)',
    labelNames: ['channel'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const ingest of options.ingests())
        this.set({ channel: String(ingest.channelId) }, ingest.isRunning() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'playz_live_ingest_restarts',
    help: 'Times each Stream channel encoder was restarted since this node started',
    labelNames: ['channel'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const ingest of options.ingests()) this.set({ channel: String(ingest.channelId) }, ingest.restarts);
    },
  });

  new Gauge({
    name: 'playz_remote_connections',
    help: 'Remote-control WebSockets registered on this node: Server (screens) and Client (phones)',
    labelNames: ['type'] as const,
    registers: [registry],
    collect() {
      const counts = options.remoteConnections?.() ?? { Server: 0, Client: 0 };
      for (const type of ['Server', 'Client'] as const) this.set({ type }, counts[type]);
    },
  });

  new Counter({
    name: 'playz_job_runs_total',
    help: 'Periodic job runs made by this node, by job and outcome (a failed try counts once per try)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { job, outcome, runs } of options.jobs?.stats.counts() ?? []) this.inc({ job, outcome }, runs);
    },
  });
  new Gauge({
    name: 'playz_jobs_dead_letters',
    help: 'Job runs that failed every try and are kept for the operator (npm run jobs -- failed)',
    registers: [registry],
    async collect() {
      this.set(options.jobs ? await options.jobs.deadLetters() : 0);
    },
  });
  new Counter({
    name: 'playz_billing_outcomes_total',
    help: 'Outcomes of the billing job runs made by this node (decision 025)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, count] of options.billingOutcomes?.() ?? []) this.inc({ outcome }, count);
    },
  });
  new Gauge({
    name: 'playz_active_streams',
    help: 'View streams playing now (unexpired device leases; the whole deployment with REDIS_URL)',
    registers: [registry],
    async collect() {
      this.set(options.activeStreams ? await options.activeStreams() : 0);
    },
  });

  /** Answers made before routing (decision 039), read from their hot path at each scrape. */
  const answeredBeforeRouting = (name: string, help: string, served: (() => number) | undefined) => {
    if (!served) return;
    new Counter({
      name,
      help: `${help} (also counted in the request histogram)`,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(served());
      },
    });
  };
  answeredBeforeRouting(
    'playz_live_manifests_from_memory_total',
    'Live manifest reloads answered from memory before routing',
    options.liveManifestsFromMemory,
  );
  answeredBeforeRouting(
    'playz_live_segments_from_memory_total',
    'Live segments answered from memory before routing',
    options.liveSegmentsFromMemory,
  );
  answeredBeforeRouting('playz_data_from_memory_total', 'GET /data answered before routing', options.dataFromMemory);
  // Counted as they are answered: the catalogue's hot path lives in the catalogue's own scope.
  const catalogueFromMemory = new Counter({
    name: 'playz_catalogue_from_memory_total',
    help: "Visitors' contents and collections answered before routing, decision 097 (also counted in the request histogram)",
    registers: [registry],
  });
  // Connections closed at once by the MAX_CONNECTIONS bound (decision 126's addendum): Node emits
  // `drop` for each one it refuses, so a node at its bound is seen, not only felt by its viewers.
  const refusedConnections = new Counter({
    name: 'playz_connections_refused_total',
    help: 'Connections closed at once because the node held MAX_CONNECTIONS open ones (decision 126)',
    registers: [registry],
  });
  app.server.on('drop', () => refusedConnections.inc());
  const observeRequest = duration.observe;
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids and signed grants would make a label per request.
    observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { config: { access: 'operator-token' } }, async (request, reply) => {
    if (!mayRead(request, options.token)) return reply.status(403).send('Forbidden');
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });

  return {
    registry,
    observeRequest,
    latencyRecorder: duration.recorder,
    countCatalogueFromMemory: () => catalogueFromMemory.inc(),
  };
}
