import type { QualityEvent } from '@playz/domain';

const HAVE_FUTURE_DATA = 3;

/** The element's side of a quality watch: its events and the two states read. */
type WatchedVideo = Pick<
  HTMLVideoElement,
  'addEventListener' | 'removeEventListener' | 'paused' | 'readyState' | 'seeking'
>;

/**
 * Start-up time (from now, the load, to the first frame) and each stall after it, for the operator's
 * quality of experience (beyond the spec, decision 088). The web and TV players start one watch per
 * load (a zap is a load) and stop it with the returned function. An element that plays already (an
 * opening taken over, decision 044) started with no load: 0 ms. `onFirstFrame` is told at each
 * frame after a wait, the first included.
 */
export function watchQuality(
  video: WatchedVideo,
  onQuality: (event: QualityEvent) => void,
  onFirstFrame: () => void = () => {},
  now: () => number = () => performance.now(),
): () => void {
  const loadStarted = now();
  // Playing already (an opening taken over): started with no load, said 0 rather than timed (two
  // reads of the clock once came 4 ms apart on a busy CI machine).
  const playingAlready = !video.paused && video.readyState >= HAVE_FUTURE_DATA;
  let firstFrame = false;
  let stallStarted: number | null = null;
  const onPlaying = () => {
    if (!firstFrame) {
      firstFrame = true;
      onQuality({ event: 'play_start', valueMs: playingAlready ? 0 : Math.round(now() - loadStarted) });
    } else if (stallStarted !== null) {
      onQuality({ event: 'rebuffer', valueMs: Math.round(now() - stallStarted) });
    }
    stallStarted = null;
    onFirstFrame();
  };
  const onWaiting = () => {
    // A seek's wait is the viewer's own, not a stall.
    if (firstFrame && !video.seeking) stallStarted = now();
  };
  video.addEventListener('playing', onPlaying);
  video.addEventListener('waiting', onWaiting);
  if (playingAlready) onPlaying();
  return () => {
    video.removeEventListener('playing', onPlaying);
    video.removeEventListener('waiting', onWaiting);
  };
}
