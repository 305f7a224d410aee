/** What the soak's load process is told (soak.ts → soak-load.ts). */
export interface SoakLoadSetup {
  baseUrl: string;
  /** `playz_sid=…` of the demo subscriber. */
  cookie: string;
  /**
   * The HLS viewers mode (SOAK_HLS_VIEWERS): each viewer only plays channel 1 live, as a player
   * does — its own stream URL, then a media playlist reload and the newest segment every
   * `cycleMs` — on one of these sessions (one device place each). Absent: the journeys mode.
   */
  hls?: { cookies: string[]; rampMs: number };
  /** Simulated viewers, each running one journey cycle per `cycleMs`. */
  viewers: number;
  cycleMs: number;
  sampleMs: number;
  durationMs: number;
}

/** One sample interval as the load saw it. */
export interface SoakLoadSample {
  requests: number;
  errors: number;
  latencyP50: number;
  latencyP99: number;
  /** The first few errors of the interval, for the reader of the log. */
  errorExamples: string[];
}

export type SoakLoadMessage =
  { kind: 'sample'; sample: SoakLoadSample } | { kind: 'done' } | { kind: 'failed'; error: string };
