import { useEffect, useRef, type RefObject } from 'react';

const HAVE_FUTURE_DATA = 3;

export type QualityEvent =
  | { event: 'play_start'; valueMs: number }
  | { event: 'rebuffer'; valueMs: number }
  | { event: 'error'; detail: string };

/**
 * Start-up time (from this load to the first frame) and each stall after it, for the operator's
 * quality of experience (beyond the spec, POST /event/log). `loadKey` changes with every load. An element
 * that plays already (an opening) started with no load: 0 ms.
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
    const loadStarted = performance.now();
    let firstFrame = false;
    let stallStarted: number | null = null;
    const onPlaying = () => {
      if (!firstFrame) {
        firstFrame = true;
        latest.current.onQuality?.({ event: 'play_start', valueMs: Math.round(performance.now() - loadStarted) });
      } else if (stallStarted !== null) {
        latest.current.onQuality?.({ event: 'rebuffer', valueMs: Math.round(performance.now() - stallStarted) });
      }
      stallStarted = null;
      latest.current.onFirstFrame();
    };
    const onWaiting = () => {
      if (firstFrame && !video.seeking) stallStarted = performance.now();
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('waiting', onWaiting);
    // An opening taken over already plays (decision 044): its first frame came with no load.
    if (!video.paused && video.readyState >= HAVE_FUTURE_DATA) onPlaying();
    return () => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('waiting', onWaiting);
    };
  }, [videoRef, loadKey]);
}
