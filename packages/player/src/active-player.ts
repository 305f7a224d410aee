import type { PlayerCommands, PlayerState } from './player';

/**
 * The player a screen shows now, as the outside drives it: the commands every screen gives
 * (PlayerCommands: the web's buttons, the TV's keys, the phone remote's actions go through the
 * same play / pause / seek / zap) and the media element whose events tell what happened.
 */
export interface ActivePlayer {
  commands: PlayerCommands;
  getState(): PlayerState;
  video: HTMLVideoElement;
}

/** Where the screen's player announces itself, and where the remote control finds it. */
export interface ActivePlayerSlot {
  current(): ActivePlayer | null;
  /** The screen's player from now on; the returned function withdraws it (only if still current). */
  set(player: ActivePlayer): () => void;
  /** Called with the new player (or null) at each change; returns the unsubscribe. */
  watch(listener: (player: ActivePlayer | null) => void): () => void;
}

export function createActivePlayerSlot(): ActivePlayerSlot {
  let current: ActivePlayer | null = null;
  const listeners = new Set<(player: ActivePlayer | null) => void>();
  const change = (next: ActivePlayer | null) => {
    current = next;
    for (const listener of [...listeners]) listener(next);
  };
  return {
    current: () => current,
    set(player) {
      change(player);
      return () => {
        // A newer player (the next screen mounted before this one unmounted) stays.
        if (current === player) change(null);
      };
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one slot: one screen, one player on it at a time. */
export const activePlayer = createActivePlayerSlot();
