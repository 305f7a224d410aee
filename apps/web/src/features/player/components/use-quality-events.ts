import { useEffect, useRef, type RefObject } from 'react';
import type { QualityEvent } from '@playz/domain';
import { watchQuality } from '@playz/player';

export type { QualityEvent };

/**
 * The player's quality watch (@playz/player, decision 088) for each load: `loadKey` changes with
 * every load, and the start-up time counts from it.
 */
export function useQualityEvents(
  videoRef: RefObject<HTMLVideoElement | null>,
  loadKey: string,
  onQuality: ((event: QualityEvent) => void) | undefined,
  onFirstFrame: () => void,
) {
  const latest = useRef({ onQuality, onFirstFrame });
  latest.current = { onQuality, onFirstFrame };
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    return watchQuality(
      video,
      (event) => latest.current.onQuality?.(event),
      () => latest.current.onFirstFrame(),
    );
  }, [videoRef, loadKey]);
}
