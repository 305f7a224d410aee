/** spec 2 §4 "Emulated players on set-top devices use the states NONE, IDLE, READY, PLAYING, PAUSED (and BUFFERING, ENDED)". */
export const NATIVE_PLAYER_STATES = ['NONE', 'IDLE', 'READY', 'PLAYING', 'PAUSED', 'BUFFERING', 'ENDED'] as const;
export type NativePlayerState = (typeof NATIVE_PLAYER_STATES)[number];

/** spec 2 §9 "Demo emulator starts playback after 200 ms". */
export const EMULATOR_START_DELAY_MS = 200;

export interface NativePlayer {
  readonly state: NativePlayerState;
  /** Seconds from the start of the source. */
  position(): number;
  readonly duration: number;
  /** Opens a source; it starts playing by itself once ready (the set-top players autoplay). */
  open(url: string, options?: { durationSeconds?: number; startAt?: number }): void;
  play(): void;
  pause(): void;
  /** Stops playback and drops the source's position (set-top deactivation stops the player). */
  stop(): void;
  seek(seconds: number): void;
  /** Releases the player: back to NONE. */
  close(): void;
  onStateChange(listener: (state: NativePlayerState) => void): () => void;
}

/** A state change the player does not allow, e.g. play() with no source: a caller's bug, said clearly. */
export class NativePlayerStateError extends Error {
  override readonly name = 'NativePlayerStateError';
  constructor(action: string, state: NativePlayerState) {
    super(`Native player: cannot ${action} in state ${state}`);
  }
}
