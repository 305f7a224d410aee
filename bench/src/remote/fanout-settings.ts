/** What remote-fanout.ts tells its load children (fanout-load.ts), and what comes back. */
export interface FanoutSetup {
  side: 'peer' | 'Playz';
  url: string;
  /** One account per pair: a TV token and a phone cookie (the peer ignores them). */
  accounts: { tvToken: string; phoneCookie: string }[];
  /** Measured seconds per step. */
  seconds: number;
}

export type FanoutCommand = { type: 'start'; setup: FanoutSetup } | { type: 'step'; pairs: number } | { type: 'end' };

export interface FanoutStep {
  pairs: number;
  seeks: number;
  lost: number;
  p50: number;
  p95: number;
}

export type FanoutMessage = { ok: true; step: FanoutStep } | { ok: false; error: string };
