/** One 30-second sample of the soak: what the load saw and what the server process held. */
export interface SoakSample {
  /** Minutes since the load started. */
  minute: number;
  requests: number;
  errors: number;
  latencyP50: number;
  latencyP99: number;
  rssBytes: number;
  heapUsedBytes: number;
}

export interface SoakVerdict {
  errors: number;
  /** Least-squares slope of RSS over the last two thirds of the samples, MB per minute. */
  rssSlopeMbPerMinute: number;
  heapSlopeMbPerMinute: number;
  memoryFlat: boolean;
  /** The highest RSS read, MB, and whether it stayed under the run's bound (when it has one). */
  peakRssMb: number;
  underRssBound: boolean;
  passed: boolean;
}

/**
 * Memory is called flat when RSS grows by less than this over the last two thirds of the run.
 * 1 MB/min is 30 MB over the 30-minute soak: well under what a per-request leak at ~40 req/s
 * gives (a 1 KB leak per request is 2.3 MB/min), above the allocator's and JIT's drift.
 */
export const RSS_SLOPE_BOUND_MB_PER_MINUTE = 1;

/** Least-squares slope of y over x; 0 with fewer than two points. */
export function slope(points: Array<{ x: number; y: number }>): number {
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.x - meanX) * (p.y - meanY);
    variance += (p.x - meanX) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}

/**
 * The soak's verdict: no error at all, and RSS flat once warm. The first third is left out:
 * caches, the JIT and the allocator's pools fill then, which is growth but not a leak.
 */
export function soakVerdict(samples: SoakSample[], rssBoundMb = Number.POSITIVE_INFINITY): SoakVerdict {
  const errors = samples.reduce((sum, s) => sum + s.errors, 0);
  const warm = samples.slice(Math.floor(samples.length / 3));
  const mbPerMinute = (bytes: (s: SoakSample) => number) =>
    slope(warm.map((s) => ({ x: s.minute, y: bytes(s) / 1024 / 1024 })));
  const rssSlopeMbPerMinute = mbPerMinute((s) => s.rssBytes);
  const heapSlopeMbPerMinute = mbPerMinute((s) => s.heapUsedBytes);
  // Fewer than three warm samples cannot show a trend: no verdict of flatness from them.
  const memoryFlat = warm.length >= 3 && rssSlopeMbPerMinute < RSS_SLOPE_BOUND_MB_PER_MINUTE;
  const peakRssMb = Math.max(0, ...samples.map((s) => s.rssBytes / 1024 / 1024));
  const underRssBound = peakRssMb < rssBoundMb;
  return {
    ...{ errors, rssSlopeMbPerMinute, heapSlopeMbPerMinute, memoryFlat, peakRssMb, underRssBound },
    passed: errors === 0 && memoryFlat && underRssBound,
  };
}
