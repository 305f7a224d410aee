import { useLayoutEffect, useRef } from 'react';
import { mediaElementFor, type TakenOpening } from '@playz/player';

/**
 * The player's media element, made here rather than rendered by React so that an opening's
 * element (decision 044: already holding the stream's first frame) can be this player's. Layout
 * effects run before every other effect, so the element is in place for all of them.
 */
export function useVideoElement({
  openingKey,
  poster,
  title,
  swaps = 0,
}: {
  openingKey: string | undefined;
  poster: string | null | undefined;
  title: string;
  /** Zaps that showed a standby (decision 128): the element on screen changed, its label and poster follow. */
  swaps?: number | undefined;
}) {
  const mediaRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // An opening taken over: its engine is handed to the first player made (decision 044).
  const openingRef = useRef<TakenOpening | null>(null);
  // The key the player mounted with: it changes while the film plays (each resume point saved
  // moves the start), and the playing element must not leave the page and come back.
  const mountOpeningKey = useRef(openingKey);

  useLayoutEffect(() => {
    if (!videoRef.current) {
      const { video, opening } = mediaElementFor(mountOpeningKey.current);
      openingRef.current = opening;
      videoRef.current = video;
      Object.assign(video, { className: 'video__element', playsInline: true, preload: 'auto' });
    }
    const video = videoRef.current;
    mediaRef.current?.append(video);
    return () => {
      video.remove();
      // A standby shown by a zap (decision 128) holds the first one's place by then.
      videoRef.current?.remove();
    };
    // One element for the player's life, as a rendered <video> was, left in place.
  }, []);
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (poster) video.poster = poster;
    else video.removeAttribute('poster');
    video.setAttribute('aria-label', title);
  }, [poster, title, swaps]);

  return { mediaRef, videoRef, openingRef };
}
