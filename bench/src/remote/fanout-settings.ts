/**
 * What remote-fanout.ts tells its load children (fanout-load.ts), what comes back, and the limit a
 * step is judged by (decision 034).
 */
export const P95_LIMIT_MS = 500;
export interface FanoutSetup {
  side: 'peer' | 'Playz';
  url: string;
  /** One account per pair: a TV token and a phone cookie (the peer ignores them). */
  accounts: { tvToken: string; phoneCookie: string }[];
  /** Measured seconds per step. */
  seconds: number;
}

export type FanoutCommand =
  | { type: 'start'; setup: FanoutSetup }
  /** Open pairs up to this count (answered `opened`), then `measure` them (answered `step`). */
  | { type: 'open'; pairs: number }
  | { type: 'measure' }
  | { type: 'end' };

export interface FanoutStep {
  pairs: number;
  seeks: number;
  lost: number;
  p50: number;
  p95: number;
  /** Frames the load side sent (time updates, seeks, seek answers): each is relayed once. */
  frames: number;
  /** The server process's CPU time during the measure (user + system), set by the parent. */
  serverCpuMs?: number;
}

/** One run of the ladder: each side's steps, up to its first over the limit. */
export interface FanoutRunSteps {
  peer: FanoutStep[];
  playz: FanoutStep[];
}

export type FanoutMessage =
  { ok: true; opened: number } | { ok: true; step: FanoutStep } | { ok: false; error: string };

/** A step over the limit: p95 round trip above it, or a seek lost. */
export const overLimit = (step: FanoutStep) => step.p95 > P95_LIMIT_MS || step.lost > 0;

/** The most pairs held at p95 ≤ the limit with no seek lost (0 when none). */
export const pairsHeld = (steps: FanoutStep[]) =>
  Math.max(0, ...steps.filter((s) => !overLimit(s)).map((s) => s.pairs));

/** The server's CPU time per frame relayed, in µs: less noisy than latency on a shared machine. */
export const cpuPerFrame = (step: FanoutStep) => ((step.serverCpuMs ?? Number.NaN) * 1000) / step.frames;
