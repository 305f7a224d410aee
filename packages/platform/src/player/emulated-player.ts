import type { Timers } from '../timers';
import {
  EMULATOR_START_DELAY_MS,
  NativePlayerStateError,
  type NativePlayer,
  type NativePlayerState,
} from './native-player';

export interface EmulatedPlayerOptions {
  timers?: Timers;
  /** Milliseconds clock; Date.now by default. */
  now?: () => number;
  /** Length of a source opened without one (seconds). */
  defaultDurationSeconds?: number;
}

/**
 * The demo emulator of a set-top native player (spec 2 §4 states, §9 200 ms start): open() goes
 * IDLE → BUFFERING, and 200 ms later READY → PLAYING; the position runs on the clock while PLAYING
 * and the player is ENDED at the source's duration. Nothing is decoded: it is the state machine the
 * TV app drives on a device, so the app's player screen can be developed and tested without one.
 */
export function createEmulatedPlayer(options: EmulatedPlayerOptions = {}): NativePlayer {
  const timers: Timers = options.timers ?? {
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => clearTimeout(h as number),
  };
  const now = options.now ?? Date.now;
  const listeners = new Set<(state: NativePlayerState) => void>();
  let state: NativePlayerState = 'NONE';
  let duration = 0;
  let base = 0; // position when the clock last started or stopped
  let since: number | null = null; // clock time PLAYING began
  let pending: unknown = null;

  const position = () => Math.min(duration, base + (since === null ? 0 : (now() - since) / 1000));
  const cancel = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  const set = (next: NativePlayerState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener(next);
  };
  const freeze = () => {
    base = position();
    since = null;
  };
  const startPlaying = () => {
    since = now();
    set('PLAYING');
    const remainingMs = Math.max(0, (duration - base) * 1000);
    pending = timers.setTimeout(() => {
      pending = null;
      freeze();
      set('ENDED');
    }, remainingMs);
  };
  const bufferThenPlay = () => {
    cancel();
    set('BUFFERING');
    pending = timers.setTimeout(() => {
      pending = null;
      set('READY');
      startPlaying();
    }, EMULATOR_START_DELAY_MS);
  };
  const needSource = (action: string) => {
    if (state === 'NONE' || state === 'IDLE') throw new NativePlayerStateError(action, state);
  };

  return {
    get state() {
      return state;
    },
    get duration() {
      return duration;
    },
    position,
    open(url, openOptions = {}) {
      if (!url) throw new NativePlayerStateError('open an empty source', state);
      cancel();
      duration = openOptions.durationSeconds ?? options.defaultDurationSeconds ?? 600;
      base = Math.max(0, Math.min(duration, openOptions.startAt ?? 0));
      since = null;
      set('IDLE');
      bufferThenPlay();
    },
    play() {
      needSource('play');
      if (state === 'PLAYING' || state === 'BUFFERING') return;
      if (state === 'ENDED') base = 0;
      cancel();
      startPlaying();
    },
    pause() {
      needSource('pause');
      if (state !== 'PLAYING' && state !== 'BUFFERING') return;
      cancel();
      freeze();
      set('PAUSED');
    },
    stop() {
      cancel();
      since = null;
      base = 0;
      if (state !== 'NONE') set('IDLE');
    },
    seek(seconds) {
      needSource('seek');
      const wasPaused = state === 'PAUSED' || state === 'READY';
      cancel();
      base = Math.max(0, Math.min(duration, seconds));
      since = null;
      if (wasPaused) return;
      bufferThenPlay();
    },
    close() {
      cancel();
      since = null;
      base = 0;
      duration = 0;
      set('NONE');
    },
    onStateChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
