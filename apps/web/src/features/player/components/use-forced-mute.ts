import { useEffect, useRef, type RefObject } from 'react';
import type { PlayerControl } from './use-player-commands';

/**
 * A disabled programme is muted while it lasts (spec 2 §4); the viewer's choice comes back
 * after it, or when the viewer zaps away (the element stays from one channel to the next).
 */
export function useForcedMute(
  videoRef: RefObject<HTMLVideoElement | null>,
  player: RefObject<PlayerControl | null>,
  forceMuted: boolean | undefined,
  muted: boolean,
  /** Zaps that showed a standby (decision 128): the element on screen is another one. */
  swaps = 0,
) {
  const mutedBeforeForce = useRef<boolean | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (forceMuted) {
      mutedBeforeForce.current ??= video.muted;
      video.muted = true;
    } else if (mutedBeforeForce.current !== null) {
      const viewerMuted = mutedBeforeForce.current;
      mutedBeforeForce.current = null;
      if (player.current) player.current.setMuted(viewerMuted);
      else video.muted = viewerMuted;
    }
    // Each change of the player's sound is looked at again: a forced mute stays while it lasts.
  }, [forceMuted, muted, videoRef, player, swaps]);
}
