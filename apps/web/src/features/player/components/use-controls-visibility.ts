import { useCallback, useEffect, useRef, useState } from 'react';
import { CONTROLS_HIDE_MS } from '@playz/domain';

/** Taps closer than this on the same side seek (spec 2 §2 "double-tap seeks on touch devices"). */
const DOUBLE_TAP_MS = 300;

/**
 * Controls hide 3 s after the last interaction while playing (spec 2 §9); a single tap on touch
 * shows or hides them, a double tap on one side seeks (spec 2 §2), a mouse click plays or pauses.
 */
export function useControlsVisibility({
  paused,
  togglePlay,
  rewind,
  forward,
}: {
  paused: boolean;
  togglePlay: () => void;
  rewind: () => void;
  forward: () => void;
}) {
  const [controlsVisible, setControlsVisible] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastTap = useRef<{ time: number; side: 'left' | 'right' } | null>(null);

  const revealControls = useCallback(() => {
    setControlsVisible(true);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControlsVisible(false), CONTROLS_HIDE_MS);
  }, []);
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const onSurfacePointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') {
      togglePlay();
      revealControls();
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    const side = event.clientX - rect.left < rect.width / 2 ? 'left' : 'right';
    const now = Date.now();
    const previous = lastTap.current;
    if (previous && previous.side === side && now - previous.time < DOUBLE_TAP_MS) {
      lastTap.current = null;
      if (side === 'left') rewind();
      else forward();
      revealControls();
      return;
    }
    lastTap.current = { time: now, side };
    // A single tap on touch shows or hides the controls.
    if (controlsVisible && !paused) setControlsVisible(false);
    else revealControls();
  };

  return { controlsVisible, revealControls, onSurfacePointerUp };
}
