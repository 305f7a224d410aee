/** What one load run does; the same settings are used for Playz and for its peer. */
export interface LoadSettings {
  connections: number;
  /** Seconds of load whose results are thrown away (JIT, caches, connection set-up). */
  warmupSeconds: number;
  /** Seconds of load that are measured. */
  durationSeconds: number;
}

export interface LoadRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  settings: LoadSettings;
  /** Paths asked in turn on each connection instead of `url`'s own (a guide of 20 channels). */
  paths?: string[];
}

export interface LoadResult {
  requestsPerSecond: number;
  totalRequests: number;
  /** Milliseconds, from every measured response's own timing (sub-millisecond resolution). */
  latencyP50: number;
  latencyP95: number;
  latencyP99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

export type LoadMessage = { ok: true; result: LoadResult } | { ok: false; error: string };
