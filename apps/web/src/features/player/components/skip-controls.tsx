import { useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { SkipIcon } from '@/components/skip-icon';

/**
 * The player's previous and next controls (spec 2 §2): the previous or next episode of a series,
 * content of a list, channel of the live. A side without one is shown, disabled.
 */
export interface PlayerNeighbours {
  previous?: (() => void) | undefined;
  next?: (() => void) | undefined;
}

export function SkipButton({ direction, go }: { direction: 'previous' | 'next'; go: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="player-button player-button--skip"
      onClick={go}
      disabled={!go}
      aria-label={t(`player.${direction}`)}
      data-testid={`player-${direction}`}
    >
      <SkipIcon direction={direction} />
    </button>
  );
}

/**
 * The keyboard's and the system's media keys go there too: Shift+P and Shift+N (as other web
 * players have them), and the previous and next track keys through the Media Session API.
 */
export function useSkipKeys(neighbours: PlayerNeighbours | undefined, revealControls: () => void) {
  const previous = neighbours?.previous;
  const next = neighbours?.next;
  useEffect(() => {
    if (!previous && !next) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.tagName && (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable))
        return;
      const go = { p: previous, n: next }[event.key.toLowerCase()];
      if (!go) return;
      event.preventDefault();
      revealControls();
      go();
    };
    document.addEventListener('keydown', onKey);
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    const setHandler = (action: MediaSessionAction, handler: (() => void) | undefined) => {
      try {
        session?.setActionHandler(action, handler ?? null);
      } catch {
        // A browser without this action: the buttons and keys remain.
      }
    };
    setHandler('previoustrack', previous);
    setHandler('nexttrack', next);
    return () => {
      document.removeEventListener('keydown', onKey);
      setHandler('previoustrack', undefined);
      setHandler('nexttrack', undefined);
    };
  }, [previous, next, revealControls]);
}
