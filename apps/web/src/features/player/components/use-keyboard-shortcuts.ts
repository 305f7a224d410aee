import { useEffect } from 'react';

function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element?.tagName) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable;
}

function isActivationTarget(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element?.tagName && ['BUTTON', 'A'].includes(element.tagName);
}

export interface ShortcutActions {
  togglePlay: () => void;
  rewind: () => void;
  forward: () => void;
  toggleFullscreen: () => void;
  toggleMute: () => void;
}

/**
 * Keyboard: space/k play-pause, arrows seek, f fullscreen, m mute; each shows the controls. Keys
 * typed in a field, or space and enter on a focused button or link, stay theirs.
 */
export function useKeyboardShortcuts(
  { togglePlay, rewind, forward, toggleFullscreen, toggleMute }: ShortcutActions,
  revealControls: () => void,
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target))
        return;
      const key = event.key.toLowerCase();
      if ((key === ' ' || key === 'enter') && isActivationTarget(event.target)) return;
      const actions: Record<string, () => void> = {
        ' ': togglePlay,
        k: togglePlay,
        arrowleft: rewind,
        arrowright: forward,
        f: toggleFullscreen,
        m: toggleMute,
      };
      const action = actions[key];
      if (!action) return;
      event.preventDefault();
      action();
      revealControls();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [togglePlay, rewind, forward, toggleFullscreen, toggleMute, revealControls]);
}
