import { useLayoutEffect, useRef } from 'react';
import { mediaElementFor, type TakenOpening } from '@playz/player';

/**
 * The player screen's media element, made here rather than rendered by React so that an
 * opening's element (decision 044: the film's first frame already decoded, launched full screen
 * by the press on Play) can be the screen's own. Layout effects run before every other effect,
 * so the element is in `container` before the player is made on it. One element per screen.
 */
export function useMediaElement(
  container: React.RefObject<HTMLDivElement | null>,
  openingKey: string | undefined,
  poster: string | null | undefined,
) {
  const video = useRef<HTMLVideoElement | null>(null);
  /** The opening taken over, handed to the first player made on the element. */
  const opening = useRef<TakenOpening | null>(null);
  // The key the screen mounted with: it changes while the film plays (each resume point saved
  // moves the start), and the element must stay where it is — out of the page and back in would
  // reset a TV's video plane.
  const mountKey = useRef(openingKey);
  useLayoutEffect(() => {
    if (!video.current) {
      const made = mediaElementFor(mountKey.current);
      opening.current = made.opening;
      video.current = made.video;
      Object.assign(made.video, { className: 'player__video', playsInline: true, preload: 'auto' });
    }
    const element = video.current;
    container.current?.prepend(element);
    return () => element.remove();
  }, [container]);
  useLayoutEffect(() => {
    if (!video.current) return;
    if (poster) video.current.poster = poster;
    else video.current.removeAttribute('poster');
  }, [poster]);
  return { video, opening };
}
