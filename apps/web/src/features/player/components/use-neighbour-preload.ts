import { useEffect, useRef, type RefObject } from 'react';
import type { PlayerCommands, PlayerSource } from '@playz/player';

/** How long a channel plays before its neighbours are preloaded (instant zapping, decision 022). */
export const PRELOAD_AFTER_PLAYING_MS = 5000;

/**
 * The streams the viewer may go to next (a channel's neighbours), fetched ahead so a zap starts
 * at once (decision 022 addendum). `loadKey` changes with each new player (a retry), each load and
 * each element shown (a standby swapped in by a zap, decision 128): the wait is for that one playing.
 */
export function useNeighbourPreload(
  videoRef: RefObject<HTMLVideoElement | null>,
  player: RefObject<Pick<PlayerCommands, 'preload'> | null>,
  preloadStreams: readonly PlayerSource[] | undefined,
  preloadAfterMs: number,
  loadKey: string,
) {
  // The neighbours, by url: a new list object with the same streams changes nothing.
  const preloadKey = (preloadStreams ?? []).map((source) => source.url).join(' ');
  const preloadRef = useRef(preloadStreams);
  preloadRef.current = preloadStreams;
  useEffect(() => {
    // Pages with nothing to go to next (a film) never ask.
    if (preloadRef.current === undefined) return;
    // The neighbours wait until this channel has played a while: fetched at once they compete
    // with its own start (first frame, the first bandwidth estimate) on a slow line or CPU.
    const video = videoRef.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      clearTimeout(timer);
      timer = setTimeout(() => player.current?.preload(preloadRef.current ?? []), preloadAfterMs);
    };
    if (video && !video.paused && video.readyState >= 3) start();
    video?.addEventListener('playing', start, { once: true });
    return () => {
      clearTimeout(timer);
      video?.removeEventListener('playing', start);
    };
  }, [preloadKey, loadKey, preloadAfterMs, videoRef, player]);
}
