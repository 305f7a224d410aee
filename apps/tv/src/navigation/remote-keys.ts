import { getCurrentFocusKey, navigateByDirection } from '@noriginmedia/norigin-spatial-navigation';
import type { RemoteKey } from '@playz/platform';

/** A screen's keys: true when it used the key, false to let the next screen down (or the default) have it. */
export type KeyHandler = (key: RemoteKey) => boolean;

/** `modal`: a dialog over everything (decision 087), asked before every screen whenever it was added. */
const handlers: { current: KeyHandler; modal?: boolean }[] = [];
const selectActions = new Map<string, () => void>();

/** Adds a screen's key handler on top of the others; the returned function removes it. */
export function pushKeyHandler(entry: { current: KeyHandler; modal?: boolean }): () => void {
  handlers.push(entry);
  return () => {
    const index = handlers.lastIndexOf(entry);
    if (index >= 0) handlers.splice(index, 1);
  };
}

/** What OK does on a focusable (norigin's own key listener is off: every key comes through here). */
export function setSelectAction(focusKey: string, action: (() => void) | null) {
  if (action) selectActions.set(focusKey, action);
  else selectActions.delete(focusKey);
}

const DIRECTIONS = { up: 'up', down: 'down', left: 'left', right: 'right' } as const;

/** What the app does with a key no screen used. */
export interface RemoteDefaults {
  back: () => void;
  ensureFocus: () => boolean;
  /** The colour and Guide keys' screens (colour-shortcuts.ts); true when the key opened one. */
  shortcut?: (key: RemoteKey) => boolean;
}

/**
 * What a remote key does: the screens' handlers first, newest first (a player over a page), then
 * the defaults: arrows move the focus (spatial navigation), OK selects the focused item, back
 * goes back, a colour key opens its screen. Returns whether the key was used (the browser's own
 * action is then prevented).
 */
export function dispatchRemoteKey(key: RemoteKey, defaults: RemoteDefaults): boolean {
  // A screen mounted after a modal opened (a player made again for its failed stream) still
  // comes after it.
  for (let i = handlers.length - 1; i >= 0; i -= 1) if (handlers[i]!.modal && handlers[i]!.current(key)) return true;
  for (let i = handlers.length - 1; i >= 0; i -= 1) if (!handlers[i]!.modal && handlers[i]!.current(key)) return true;
  if (defaults.shortcut?.(key)) return true;
  if (key === 'back') {
    defaults.back();
    return true;
  }
  if (key in DIRECTIONS || key === 'ok') {
    // Focus is never lost: a key pressed while nothing (or a removed item) has it focuses the page first.
    if (defaults.ensureFocus()) return true;
    if (key === 'ok') selectActions.get(getCurrentFocusKey())?.();
    else void navigateByDirection(DIRECTIONS[key as keyof typeof DIRECTIONS], {});
    return true;
  }
  return false;
}

/**
 * A modal's own keys (consent, parental code): arrows move the focus inside it and OK selects,
 * as the defaults would, but from the modal's handler — so the screen under it (a player that
 * plays and pauses on OK) never sees them. True for those keys, false for the others.
 */
export function focusKeysOnly(key: RemoteKey): boolean {
  if (key === 'ok') {
    selectActions.get(getCurrentFocusKey())?.();
    return true;
  }
  if (key in DIRECTIONS) {
    void navigateByDirection(DIRECTIONS[key as keyof typeof DIRECTIONS], {});
    return true;
  }
  return false;
}

/** The one keydown listener of the app; `keyOf` is the platform bridge's map of the remote's codes. */
export function listenToRemote(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  keyOf: (event: KeyboardEvent) => RemoteKey | null,
  defaults: RemoteDefaults,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const key = keyOf(event);
    if (key && dispatchRemoteKey(key, defaults)) event.preventDefault();
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
