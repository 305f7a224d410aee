import type { Browser } from 'playwright-core';

/** What a player benchmark gets from the run: the product on one origin and a Chromium. */
export interface PlayerBenchEnv {
  baseUrl: string;
  browser: Browser;
  /** `playz_sid=…` of the demo subscriber (the same session on both sides: one device place). */
  sessionCookie: string;
  /** Measured samples per side (a warm-up before them is not counted). */
  samples: number;
  /**
   * The session cookie of a subscriber like the demo one that no load of the run has used yet
   * (decision 044 counts a film's openings per customer): `samples + 1` of them per scenario.
   */
  newSubscriber(): Promise<string>;
}

export interface PlayerSamples {
  playz: number[];
  peer: number[];
  /**
   * Tries that never showed a frame within their timeout, per side: not in the times (they have
   * none), reported beside them. A player that hangs is a result, not a reason to drop the run.
   */
  failures?: { playz: number; peer: number };
}

/**
 * A player benchmark in Chromium: Playz against a peer doing the same job in the same run, each
 * sample a time in milliseconds (lower is better), reported as p50/p95 and their ratio.
 */
export interface PlayerScenario {
  name: string;
  /** What both sides do and from when to when the time runs (markdown). */
  method: string;
  playzLabel: string;
  peerLabel: string;
  /** The goal, for the reader (nothing fails on it). */
  goal: string;
  run(env: PlayerBenchEnv): Promise<PlayerSamples>;
}
