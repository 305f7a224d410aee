import autocannon, { type Result } from 'autocannon';
import type { LoadMessage, LoadRequest, LoadResult } from './load-settings';

/**
 * Child process that fires the load (forked by load.ts), so the server under test keeps the
 * parent's event loop and memory to itself.
 *
 * Latencies are taken from autocannon's per-response timings rather than its histogram, which
 * rounds to whole milliseconds: against a local peer most answers take well under 1 ms.
 */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

async function fire(request: LoadRequest, seconds: number, latencies: number[] | null): Promise<Result> {
  const instance = autocannon({
    url: request.url,
    method: request.method,
    headers: request.headers,
    connections: request.settings.connections,
    duration: seconds,
    ...(request.paths ? { requests: request.paths.map((path) => ({ method: request.method, path })) } : {}),
  });
  if (latencies) {
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    });
  }
  return await instance;
}

async function measure(request: LoadRequest): Promise<LoadResult> {
  await fire(request, request.settings.warmupSeconds, null);
  const latencies: number[] = [];
  const result = await fire(request, request.settings.durationSeconds, latencies);
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyP50: percentile(sorted, 50),
    latencyP95: percentile(sorted, 95),
    latencyP99: percentile(sorted, 99),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}

process.once('message', (request: LoadRequest) => {
  measure(request)
    .then((result): LoadMessage => ({ ok: true, result }))
    .catch((error: unknown): LoadMessage => ({
      ok: false,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }))
    .then((message) => process.send?.(message, () => process.disconnect()));
});
