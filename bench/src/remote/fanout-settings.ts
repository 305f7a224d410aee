/** What remote-fanout.ts asks of its load child (fanout-load.ts), and what comes back. */
export interface FanoutRequest {
  side: 'peer' | 'Playz';
  url: string;
  /** One account per pair: a TV token and a phone cookie (the peer ignores them). */
  accounts: { tvToken: string; phoneCookie: string }[];
  /** Pair counts to hold in turn, each for `seconds`, stopping after the first over the limit. */
  steps: number[];
  seconds: number;
  p95LimitMs: number;
}

export interface FanoutStep {
  pairs: number;
  seeks: number;
  lost: number;
  p50: number;
  p95: number;
}

export type FanoutMessage = { ok: true; steps: FanoutStep[] } | { ok: false; error: string };
