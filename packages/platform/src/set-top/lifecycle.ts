import type { Timers } from '../timers';
import type { NativePlayer } from '../player/native-player';

/** spec 2 §9 "Set-top deactivation wait 2 s". */
export const DEACTIVATION_WAIT_MS = 2000;

export type LifecycleEvent =
  | { type: 'activate'; route: string | null }
  /** spec 1 §2 "the initial route is passed at activation and triggers a deep-link event". */
  | { type: 'deepLink'; route: string }
  /**
   * The box asked to deactivate: the app stops its player now (decision 087), before the 2 s
   * wait that ends with `deactivated`.
   */
  | { type: 'deactivate' }
  | { type: 'deactivated' }
  | { type: 'unload' };

export type LifecycleState = 'inactive' | 'active' | 'deactivating' | 'unloaded';

export interface SetTopLifecycle {
  readonly state: LifecycleState;
  activate(route?: string | null): void;
  /** Stops the player, waits 2 s, then resolves (spec 2 §4 "then a 2 s timer before proceeding"). */
  deactivate(): Promise<void>;
  unload(): void;
  on(listener: (event: LifecycleEvent) => void): () => void;
}

/**
 * spec 2 §4 / spec 3 §4 "Set-top lifecycle: activate, deactivate (stop the player, then a 2 s timer
 * before proceeding), unload". The box calls these (through its bridge, or a test / the emulator
 * directly); the TV app listens. A second activate while active is a new launch: its route is a
 * new deep-link event. Calls after unload are ignored — the page is going away.
 */
export function createSetTopLifecycle(options: { player?: NativePlayer; timers?: Timers } = {}): SetTopLifecycle {
  const timers = options.timers ?? {
    setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as number),
  };
  const listeners = new Set<(event: LifecycleEvent) => void>();
  let state: LifecycleState = 'inactive';
  let waiting: Promise<void> | null = null;
  const emit = (event: LifecycleEvent) => {
    for (const listener of [...listeners]) listener(event);
  };

  return {
    get state() {
      return state;
    },
    activate(route = null) {
      if (state === 'unloaded') return;
      state = 'active';
      const normalised = route && route.trim() !== '' ? route.trim() : null;
      emit({ type: 'activate', route: normalised });
      if (normalised) emit({ type: 'deepLink', route: normalised });
    },
    deactivate() {
      if (state === 'unloaded') return Promise.resolve();
      if (waiting) return waiting;
      state = 'deactivating';
      if (options.player && options.player.state !== 'NONE') options.player.stop();
      // The app's own player (the TV app's video) stops on this event, inside the wait.
      emit({ type: 'deactivate' });
      waiting = new Promise<void>((resolve) => {
        timers.setTimeout(() => {
          waiting = null;
          if (state === 'deactivating') state = 'inactive';
          emit({ type: 'deactivated' });
          resolve();
        }, DEACTIVATION_WAIT_MS);
      });
      return waiting;
    },
    unload() {
      if (state === 'unloaded') return;
      options.player?.close();
      state = 'unloaded';
      emit({ type: 'unload' });
      listeners.clear();
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
