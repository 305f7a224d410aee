import { useCallback, useEffect, useRef, useState } from 'react';
import { CAROUSEL_ARROW_HIDE_MS, CAROUSEL_SCROLL_THROTTLE_MS } from '@playz/domain';
import { observeSize } from './observe-size';
import { throttle } from './throttle';

/**
 * What horizontal and vertical carousels share (spec 2 §2, §9): which edges the track touches
 * (measured on scroll, throttled to 300 ms, and once laid out and on resize), arrows that fade 1 s after the pointer
 * leaves, and paging by 85 % of the visible length along the carousel's axis.
 */
export function useCarouselTrack(axis: 'x' | 'y', contentKey: unknown) {
  const trackRef = useRef<HTMLUListElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [arrowsVisible, setArrowsVisible] = useState(false);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const [position, max] =
      axis === 'x'
        ? [track.scrollLeft, track.scrollWidth - track.clientWidth]
        : [track.scrollTop, track.scrollHeight - track.clientHeight];
    setEdges({ start: position <= 2, end: position >= max - 2 });
  }, [axis]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onScroll = throttle(measure, CAROUSEL_SCROLL_THROTTLE_MS);
    track.addEventListener('scroll', onScroll, { passive: true });
    const stopObserving = observeSize(track, measure);
    return () => {
      onScroll.cancel();
      track.removeEventListener('scroll', onScroll);
      stopObserving();
    };
  }, [measure, contentKey]);

  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const showArrows = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
    setArrowsVisible(true);
  };
  const hideArrowsSoon = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setArrowsVisible(false), CAROUSEL_ARROW_HIDE_MS);
  };
  const scrollByPage = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    const step = direction * 0.85;
    track.scrollBy(
      axis === 'x'
        ? { left: step * track.clientWidth, behavior: 'smooth' }
        : { top: step * track.clientHeight, behavior: 'smooth' },
    );
  };

  return { trackRef, edges, arrowsVisible, showArrows, hideArrowsSoon, scrollByPage };
}
