import { useEffect, useRef } from 'react';

/** The player screen's Previous and Next: a list's contents, an episode's, channels (spec 2 §2). */
export interface PlayerNeighbours {
  previous?: (() => void) | undefined;
  next?: (() => void) | undefined;
}

export interface PlayerNeighboursSlot {
  /** The neighbours of the player on screen now, or null without one. */
  current(): PlayerNeighbours | null;
  /** Called when the player on screen gains or loses a neighbour; returns the unsubscribe. */
  watch(listener: () => void): () => void;
}

/**
 * Where the TV's player screen says which neighbours it has, for the phone remote (decision 075):
 * the phone's Previous and Next ask the TV, and the TV decides where they lead, as its own
 * buttons do. Only whether there is a neighbour on each side is announced, when that changes.
 */
export function createPlayerNeighboursSlot(): PlayerNeighboursSlot & {
  set(neighbours: PlayerNeighbours): () => void;
} {
  let current: PlayerNeighbours | null = null;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    current: () => current,
    watch(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(neighbours) {
      current = neighbours;
      changed();
      return () => {
        if (current !== neighbours) return;
        current = null;
        changed();
      };
    },
  };
}

export const playerNeighbours = createPlayerNeighboursSlot();

/**
 * Publishes a player screen's neighbours while it is shown. The latest callbacks are always the
 * ones called; the phones hear again only when a side appears or goes.
 */
export function usePublishedNeighbours(neighbours: PlayerNeighbours | undefined, slot = playerNeighbours) {
  const latest = useRef(neighbours);
  latest.current = neighbours;
  const hasPrevious = neighbours?.previous !== undefined;
  const hasNext = neighbours?.next !== undefined;
  useEffect(
    () =>
      slot.set({
        previous: hasPrevious ? () => latest.current?.previous?.() : undefined,
        next: hasNext ? () => latest.current?.next?.() : undefined,
      }),
    [slot, hasPrevious, hasNext],
  );
}
