/** What remote-fanout.ts tells its load children (fanout-load.ts), and what comes back. */
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

export type FanoutMessage =
  { ok: true; opened: number } | { ok: true; step: FanoutStep } | { ok: false; error: string };
